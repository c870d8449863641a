import type { TQuote } from '@docket/schemas/document';
import type { TQuoteStatus } from '@docket/schemas/lifecycle';
import { basisPointsToPercent, penceToPounds } from '@docket/schemas/money';
import { toLineDto, vatFiguresDto } from '../documents/line-items.ts';
import type { QuoteWithLines } from './quotes.repository.ts';

export const toQuoteDto = (row: QuoteWithLines): TQuote => ({
  id: row.id,
  quoteNumber: row.quoteNumber,
  status: row.status as TQuoteStatus,
  clientId: row.clientId,
  client: { id: row.clientId, name: row.clientName },
  lineItems: row.lines.map(toLineDto),
  tax: basisPointsToPercent(row.taxRateBp),
  subtotal: penceToPounds(row.subtotalPence),
  taxAmount: penceToPounds(row.taxPence),
  total: penceToPounds(row.totalPence),
  ...vatFiguresDto(row.lines, row.taxRateBp),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  siteAddress: row.siteAddress,
  invoice: row.invoices[0] ? { id: row.invoices[0].id, invoiceNumber: row.invoices[0].invoiceNumber } : null,
  ...invoicedSoFar(row),
});

/**
 * What the quote's invoices charge (void ones count for nothing, credit notes come off) and
 * what is left of the quote's total (docs/product.md, "Invoicing a quote in stages").
 */
function invoicedSoFar(row: QuoteWithLines): Pick<TQuote, 'invoicedAmount' | 'remainingAmount' | 'invoices'> {
  const invoicedPence = row.invoices.filter((i) => i.status !== 'VOID').reduce((s, i) => s + Number(i.totalPence) - Number(i.creditedPence), 0);
  const finalRaised = row.invoices.some((i) => i.status !== 'VOID' && (i.type === 'FINAL' || i.type === 'FULL'));
  return {
    invoicedAmount: penceToPounds(invoicedPence),
    remainingAmount: finalRaised ? 0 : penceToPounds(Math.max(0, row.totalPence - invoicedPence)),
    invoices: row.invoices.map((i) => ({
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      type: i.type,
      status: i.status,
      total: penceToPounds(Number(i.totalPence)),
    })),
  };
}
