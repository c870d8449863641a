import type { TInvoice } from '@docket/schemas/document';
import { basisPointsToPercent, penceToPounds } from '@docket/schemas/money';
import { balanceDuePence } from '@docket/schemas/credit-note';
import { toLineDto } from '../documents/line-items.ts';
import type { InvoiceWithLines } from './invoices.repository.ts';

/**
 * Paid so far, in pence. Until payments are recorded one by one, "mark paid" means paid in
 * full; this is the one place that becomes the sum of recorded payments.
 */
export const paidPence = (row: Pick<InvoiceWithLines, 'status' | 'totalPence' | 'credits'>): number =>
  row.status === 'PAID' ? Math.max(0, row.totalPence - creditedPence(row)) : 0;

export const creditedPence = (row: Pick<InvoiceWithLines, 'credits'>): number => row.credits.reduce((sum, c) => sum + Number(c.totalPence), 0);

/** A VOID invoice owes nothing; otherwise total less payments less credits. */
export const balancePence = (row: Pick<InvoiceWithLines, 'status' | 'totalPence' | 'credits'>): number =>
  row.status === 'VOID' ? 0 : balanceDuePence({ total: row.totalPence, paid: paidPence(row), credited: creditedPence(row) });

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
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidReason: row.voidReason,
  amountCredited: penceToPounds(creditedPence(row)),
  balanceDue: penceToPounds(balancePence(row)),
  creditNotes: row.credits.map((c) => ({ id: c.id, creditNoteNumber: c.creditNoteNumber, total: penceToPounds(Number(c.totalPence)) })),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
