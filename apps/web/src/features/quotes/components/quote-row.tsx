import type { TQuote } from '@docket/schemas/document';
import { formatDate, formatMoney } from '@/lib/format';
import { DocumentRow } from '@/components/documents/document-row';
import { StatusBadge } from '@/components/ui/status-badge';
import { useRole } from '@/lib/role';

/** One quote in the list: its total, and how much of it is invoiced. */
export function QuoteRow({ quote, currencySymbol, compact }: { quote: TQuote; currencySymbol: string; compact: boolean }) {
  // an engineer whose account hides prices gets no figures from the server: none are shown
  const { pricesHidden } = useRole();
  return (
    <DocumentRow
      to={`/quotes/${quote.id}`}
      idPrefix={`quote-${quote.id}`}
      number={quote.quoteNumber}
      clientName={quote.client?.name}
      date={<time dateTime={quote.createdAt}>{formatDate(quote.createdAt)}</time>}
      status={<StatusBadge status={quote.status} />}
      amountLabel="Total"
      amount={pricesHidden ? '' : formatMoney(quote.total, currencySymbol)}
      amountNote={!pricesHidden && quote.invoices.length > 0 ? `Invoiced ${formatMoney(quote.invoicedAmount, currencySymbol)}` : undefined}
      compact={compact}
    />
  );
}
