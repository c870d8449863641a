import type { TInvoice, TQuoteInvoiceType } from '@docket/schemas/document';
import { basisPointsToPercent, penceToPounds } from '@docket/schemas/money';
import { balanceDuePence } from '@docket/schemas/credit-note';
import { toLineDto, totalsOfStored, vatFiguresDto } from '../documents/line-items.ts';
import type { InvoiceWithLines } from './invoices.repository.ts';
import type { PaymentRef } from './invoice-payments.ts';
import type { TInvoicePayment, TLatePayment, TPaymentMethod } from '@docket/schemas/payment';
import { latePaymentPence } from '@docket/schemas/late-payment';
import { OVERDUE } from '@docket/schemas/lifecycle';
import { actorOfRef } from '../../lib/actor.ts';

/** Paid so far, in pence: the sum of recorded payments (docs/product.md, "Payments"). */
export const paidPence = (row: Pick<InvoiceWithLines, 'payments'>): number => row.payments.reduce((sum, p) => sum + Number(p.amountPence), 0);

export const creditedPence = (row: Pick<InvoiceWithLines, 'credits'>): number => row.credits.reduce((sum, c) => sum + Number(c.totalPence), 0);

/** A VOID invoice owes nothing; otherwise total less payments less credits. */
export const balancePence = (row: Pick<InvoiceWithLines, 'status' | 'totalPence' | 'cisDeductionPence' | 'credits' | 'payments'>): number =>
  row.status === 'VOID' ? 0 : balanceDuePence({ total: row.totalPence - Number(row.cisDeductionPence), paid: paidPence(row), credited: creditedPence(row) });

/** `cis` and `amountDue`, present only on invoices a CIS deduction applies to (docs/product.md, "CIS"). */
function cisDto(row: InvoiceWithLines) {
  if (row.cisRateBp === null) return {};
  const cis = totalsOfStored(row.lines, row.taxRateBp, row.cisRateBp).cis!;
  return {
    cis: { labourNet: penceToPounds(cis.labourNet), rate: basisPointsToPercent(cis.rateBp), deduction: penceToPounds(Number(row.cisDeductionPence)) },
    amountDue: penceToPounds(row.totalPence - Number(row.cisDeductionPence)),
  };
}

export const toInvoiceDto = (row: InvoiceWithLines): TInvoice => ({
  id: row.id,
  invoiceNumber: row.invoiceNumber,
  status: row.status,
  clientId: row.clientId,
  client: { id: row.clientId, name: row.clientName },
  quoteId: row.quoteId,
  quoteInvoiceType: (row.quoteInvoiceType as TQuoteInvoiceType | null) ?? null,
  siteAddress: row.siteAddress,
  lineItems: row.lines.map(toLineDto),
  tax: basisPointsToPercent(row.taxRateBp),
  subtotal: penceToPounds(row.subtotalPence),
  taxAmount: penceToPounds(row.taxPence),
  total: penceToPounds(row.totalPence),
  ...vatFiguresDto(row.lines, row.taxRateBp, row.fixedVat),
  dueDate: row.dueDate,
  sentAt: row.sentAt?.toISOString() ?? null,
  paidAt: row.paidAt?.toISOString() ?? null,
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidReason: row.voidReason,
  amountCredited: penceToPounds(creditedPence(row)),
  balanceDue: penceToPounds(balancePence(row)),
  creditNotes: row.credits.map((c) => ({ id: c.id, creditNoteNumber: c.creditNoteNumber, total: penceToPounds(Number(c.totalPence)), ...actorOfRef(c.by) })),
  amountPaid: penceToPounds(paidPence(row)),
  payments: row.payments.map(toPaymentDto),
  latePayment: latePayment(row),
  ...cisDto(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toPaymentDto = (p: PaymentRef): TInvoicePayment => ({
  id: p.id,
  amount: penceToPounds(Number(p.amountPence)),
  date: p.paidOn,
  method: p.method as TPaymentMethod,
  reference: p.reference,
  createdAt: new Date(p.createdAt).toISOString(),
  ...actorOfRef(p.by),
});

/** Statutory interest and compensation: overdue invoices of business clients only (docs/product.md, "Late payment"). */
function latePayment(row: InvoiceWithLines): TLatePayment | null {
  if (row.status !== OVERDUE || !row.clientIsBusiness) return null;
  const late = latePaymentPence(balancePence(row), row.daysPastDue, row.baseRateBp);
  return late && { daysLate: late.daysLate, interest: penceToPounds(late.interestPence), compensation: penceToPounds(late.compensationPence) };
}
