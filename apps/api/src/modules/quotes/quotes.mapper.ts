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
  invoice: row.invoice ? { id: row.invoice.id, invoiceNumber: row.invoice.invoiceNumber } : null,
});
