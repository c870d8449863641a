import { Pencil, Trash2 } from 'lucide-react';
import type { TItem } from '@docket/schemas/item';
import { VAT_RATES } from '@docket/schemas/vat';
import { formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

interface ItemCardProps {
  item: TItem;
  currencySymbol: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function ItemCard({ item, currencySymbol, onEdit, onDelete }: ItemCardProps) {
  return (
    <Card className="flex h-full flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-base font-semibold">{item.name}</h2>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${item.name}`}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${item.name}`}>
            <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600" />
          </Button>
        </div>
      </div>
      <p className="min-w-0 whitespace-pre-line break-words text-sm text-slate-600">{item.description}</p>
      <p className="mt-auto text-lg font-semibold text-slate-900">
        {item.price === undefined ? null : formatMoney(item.price, currencySymbol)}
        {item.unit && <span className="text-sm font-normal text-slate-500"> per {item.unit}</span>}
      </p>
      {(item.vat || item.kind) && (
        <p className="flex flex-wrap gap-1 text-xs">
          {item.vat && (
            <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">
              VAT{' '}
              {VAT_RATES[item.vat].label === 'Exempt' || VAT_RATES[item.vat].label === 'Outside scope'
                ? VAT_RATES[item.vat].name.toLowerCase()
                : VAT_RATES[item.vat].label}
            </span>
          )}
          {item.kind && <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">{item.kind === 'LABOUR' ? 'Labour' : 'Materials'}</span>}
        </p>
      )}
    </Card>
  );
}
