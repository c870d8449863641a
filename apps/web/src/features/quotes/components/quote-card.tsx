import { CalendarPlus, Check, Copy, FileOutput, RotateCcw, Send, X, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { TQuote } from '@docket/schemas/document';
import { formatDateTime, formatMoney } from '@/lib/format';
import { DocumentCard, type TDocumentCardHandlers } from '@/components/documents/document-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { QUOTE_LOCKED_STATUSES, quoteActionsFor } from '@docket/schemas/lifecycle';
import { HistoryTimeline } from '@/components/documents/history-timeline';
import { getQuoteHistory, quoteHistoryKey } from '../api/get-quote-history';
import { QUOTE_ACTION_LABELS, type TQuoteAction } from './quote-actions';
import { QuoteAcceptance } from './quote-acceptance';

const ACTION_ICONS: Record<TQuoteAction, LucideIcon> = {
  send: Send,
  approve: Check,
  decline: X,
  revert: RotateCcw,
  convert: FileOutput,
  'follow-up': CalendarPlus,
  duplicate: Copy,
};

interface QuoteCardProps extends TDocumentCardHandlers<TQuoteAction> {
  quote: TQuote;
  currencySymbol: string;
}

/** One quote: number, client, date, total, status badge, and the actions its status allows. */
export function QuoteCard({ quote, currencySymbol, ...handlers }: QuoteCardProps) {
  const total = formatMoney(quote.total, currencySymbol);
  const invoiced = quote.invoices.length > 0 && (
    <span className="text-slate-700">
      Invoiced {formatMoney(quote.invoicedAmount, currencySymbol)} of {total}
      {': '}
      {quote.invoices.map((inv, i) => (
        <span key={inv.id}>
          {i > 0 && ', '}
          <Link to={`/invoices?q=${encodeURIComponent(inv.invoiceNumber)}`} className="font-medium text-blue-700 underline-offset-2 hover:underline">
            {inv.invoiceNumber}
          </Link>
        </span>
      ))}
    </span>
  );
  // Once a final or full invoice exists (or nothing is left), the quote offers no more invoicing.
  const fullyInvoiced = quote.invoices.length > 0 && quote.remainingAmount === 0;
  return (
    <DocumentCard
      idPrefix={`quote-${quote.id}`}
      number={quote.quoteNumber}
      clientName={quote.client?.name}
      meta={
        <>
          Created: <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
        </>
      }
      aside={
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={quote.status} />
          <span className="text-sm">{invoiced}</span>
          <p className="text-lg font-semibold text-slate-900">
            <span className="sr-only">Total: </span>
            {total}
          </p>
        </div>
      }
      summary={
        <>
          <div className="flex items-center justify-end gap-3">
            <StatusBadge status={quote.status} />
            <p className="whitespace-nowrap text-sm font-semibold text-slate-900">
              <span className="sr-only">Total: </span>
              {total}
            </p>
          </div>
          {/* Its own line under the status, so the amounts are never cut off; only a long list of invoice numbers is. */}
          {invoiced && (
            <p className="truncate text-right text-xs" title={`Invoiced ${formatMoney(quote.invoicedAmount, currencySymbol)} of ${total}: ${quote.invoices.map((i) => i.invoiceNumber).join(', ')}`}>
              {invoiced}
            </p>
          )}
        </>
      }
      // A fully invoiced quote cannot be invoiced again (the API answers 409), so the button goes.
      actions={[...quoteActionsFor(quote.status).filter((a) => !(a === 'convert' && fullyInvoiced)), 'duplicate' as const]}
      actionLabels={QUOTE_ACTION_LABELS}
      actionIcons={ACTION_ICONS}
      editLabel={QUOTE_LOCKED_STATUSES.includes(quote.status) ? null : 'Edit'}
      renderHistory={() => <HistoryTimeline queryKey={quoteHistoryKey(quote.id)} load={() => getQuoteHistory(quote.id)} label={`History of ${quote.quoteNumber}`} />}
      email={{ kind: 'quote', id: quote.id, number: quote.quoteNumber }}
      {...handlers}
    >
      {quote.status === 'APPROVED' ? <QuoteAcceptance quoteId={quote.id} /> : undefined}
    </DocumentCard>
  );
}
