import type { TInvoice } from '@docket/schemas/document';
import { basisPointsToPercent, penceToPounds } from '@docket/schemas/money';
import { toLineDto } from '../documents/line-items.ts';
import type { InvoiceWithLines } from './invoices.repository.ts';

export const toInvoiceDto = (row: InvoiceWithLines): TInvoice => ({
  id: row.id,
  invoiceNumber: row.invoiceNumber,
  status: row.status,
  clientId: row.clientId,
  client: { id: row.clientId, name: row.clientName },
  quoteId: row.quoteId,
  lineItems: row.lines.map(toLineDto),
  tax: basisPointsToPercent(row.taxRateBp),
  subtotal: penceToPounds(row.subtotalPence),
  taxAmount: penceToPounds(row.taxPence),
  total: penceToPounds(row.totalPence),
  dueDate: row.dueDate,
  sentAt: row.sentAt?.toISOString() ?? null,
  paidAt: row.paidAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
