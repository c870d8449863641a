import { CalendarPlus, Check, FileOutput, Pencil, RotateCcw, Send, Trash2, X, Eye } from 'lucide-react';
import type { TQuote } from '@docket/schemas/document';
import { formatDateTime, formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { QUOTE_ACTION_LABELS, quoteActionsFor, type TQuoteAction } from './quote-actions';

const ACTION_ICONS: Record<TQuoteAction, typeof Send> = {
  send: Send,
  approve: Check,
  decline: X,
  revert: RotateCcw,
  convert: FileOutput,
  'follow-up': CalendarPlus,
};

interface QuoteCardProps {
  quote: TQuote;
  currencySymbol: string;
  busy: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAction: (action: TQuoteAction) => void;
}

/** One quote: number, client, date, total, status badge, and the actions its status allows. */
export function QuoteCard({ quote, currencySymbol, busy, onPreview, onEdit, onDelete, onAction }: QuoteCardProps) {
  return (
    <Card className="p-4 sm:p-6">
      <article aria-labelledby={`quote-${quote.id}-title`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={`quote-${quote.id}-title`} className="text-lg font-semibold text-slate-900">
              {quote.quoteNumber}
            </h2>
            <p className="break-words text-sm text-slate-600">{quote.client?.name}</p>
            <p className="text-sm text-slate-500">
              Created: <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <StatusBadge status={quote.status} />
            <p className="text-lg font-semibold text-slate-900">
              <span className="sr-only">Total: </span>
              {formatMoney(quote.total, currencySymbol)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onPreview}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            Preview PDF
          </Button>
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </Button>
          {quoteActionsFor(quote.status).map((action) => {
            const Icon = ACTION_ICONS[action];
            return (
              <Button key={action} variant="secondary" size="sm" disabled={busy} onClick={() => onAction(action)}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {QUOTE_ACTION_LABELS[action]}
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
