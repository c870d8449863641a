import { CheckCircle2, Eye, Pencil, Send, Trash2 } from 'lucide-react';
import type { TInvoice } from '@docket/schemas/document';
import { formatDate, formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { INVOICE_ACTION_LABELS, invoiceActionsFor, type TInvoiceAction } from './invoice-actions';

const ACTION_ICONS: Record<TInvoiceAction, typeof Send> = { send: Send, pay: CheckCircle2 };

interface InvoiceCardProps {
  invoice: TInvoice;
  currencySymbol: string;
  busy: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAction: (action: TInvoiceAction) => void;
}

/** One invoice: number, status badge with icon, client, due date, subtotal, tax and total, and its actions. */
export function InvoiceCard({ invoice, currencySymbol, busy, onPreview, onEdit, onDelete, onAction }: InvoiceCardProps) {
  return (
    <Card className="p-4 sm:p-6">
      <article aria-labelledby={`invoice-${invoice.id}-title`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={`invoice-${invoice.id}-title`} className="text-lg font-semibold text-slate-900">
              {invoice.invoiceNumber}
            </h2>
            <p className="break-words text-sm text-slate-600">{invoice.client?.name}</p>
            <p className="text-sm text-slate-500">
              Due: <time dateTime={invoice.dueDate}>{formatDate(invoice.dueDate)}</time>
            </p>
          </div>
          <StatusBadge status={invoice.status} />
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-500">Subtotal</dt>
            <dd className="font-medium">{formatMoney(invoice.subtotal, currencySymbol)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Tax ({invoice.tax}%)</dt>
            <dd className="font-medium">{formatMoney(invoice.taxAmount, currencySymbol)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Total</dt>
            <dd className="font-semibold text-slate-900">{formatMoney(invoice.total, currencySymbol)}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onPreview}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            Preview PDF
          </Button>
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </Button>
          {invoiceActionsFor(invoice.status).map((action) => {
            const Icon = ACTION_ICONS[action];
            return (
              <Button key={action} variant="secondary" size="sm" disabled={busy} onClick={() => onAction(action)}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {INVOICE_ACTION_LABELS[action]}
              </Button>
            );
          })}
          <Button variant="outline" size="sm" onClick={onDelete} className="text-red-700">
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
        </div>
      </article>
    </Card>
  );
}
