import type { TInvoice, TQuoteInvoiceType } from '@docket/schemas/document';
import { basisPointsToPercent, penceToPounds } from '@docket/schemas/money';
import { balanceDuePence } from '@docket/schemas/credit-note';
import { toLineDto, totalsOfStored, vatFiguresDto } from '../documents/line-items.ts';
import type { InvoiceWithLines } from './invoices.repository.ts';
import type { PaymentRef } from './invoice-payments.ts';
import type { CreditRef } from './invoice-credits.ts';
import type { TInvoicePayment, TLatePayment, TPaymentMethod } from '@docket/schemas/payment';
import { latePaymentPence } from '@docket/schemas/late-payment';
import { OVERDUE } from '@docket/schemas/lifecycle';
import { actorOfRef } from '../../lib/actor.ts';

/** Paid so far, in pence: the sum of recorded payments (docs/product.md, "Payments"). */
const paidPence = (row: Pick<InvoiceWithLines, 'payments'>): number => row.payments.reduce((sum, p) => sum + Number(p.amountPence), 0);

const creditedPence = (row: Pick<InvoiceWithLines, 'credits'>): number => row.credits.reduce((sum, c) => sum + Number(c.totalPence), 0);

/**
 * The answer of an invoice row. Built field by field in the answer's key order (the JSON is the
 * same text as ever): object spreads of optional parts, and payments and credits summed twice or
 * three times, were most of the mapper's time on a 50-row page.
 */
export const toInvoiceDto = (row: InvoiceWithLines): TInvoice => {
  const paid = paidPence(row);
  const credited = creditedPence(row);
  const due = row.totalPence - Number(row.cisDeductionPence);
  // a VOID invoice owes nothing; otherwise total (less any CIS deduction) less payments less credits
  const balance = row.status === 'VOID' ? 0 : balanceDuePence({ total: due, paid, credited });
  const dto: Record<string, unknown> = {
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
  };
  const vat = vatFiguresDto(row.lines, row.taxRateBp, row.fixedVat);
  if ('vatBreakdown' in vat) {
    dto.vatBreakdown = vat.vatBreakdown;
    dto.reverseChargeVat = vat.reverseChargeVat;
  }
  dto.dueDate = row.dueDate;
  dto.sentAt = row.sentAt?.toISOString() ?? null;
  dto.paidAt = row.paidAt?.toISOString() ?? null;
  dto.voidedAt = row.voidedAt?.toISOString() ?? null;
  dto.voidReason = row.voidReason;
  dto.amountCredited = penceToPounds(credited);
  dto.balanceDue = penceToPounds(balance);
  dto.creditNotes = row.credits.map(toCreditNoteRefDto);
  dto.amountPaid = penceToPounds(paid);
  dto.payments = row.payments.map(toPaymentDto);
  dto.latePayment = latePayment(row, balance);
  // docs/product.md, "CIS": present only on invoices a CIS deduction applies to
  if (row.cisRateBp !== null) {
    const cis = totalsOfStored(row.lines, row.taxRateBp, row.cisRateBp).cis!;
    dto.cis = { labourNet: penceToPounds(cis.labourNet), rate: basisPointsToPercent(cis.rateBp), deduction: penceToPounds(Number(row.cisDeductionPence)) };
    dto.amountDue = penceToPounds(due);
  }
  dto.createdAt = row.createdAt.toISOString();
  dto.updatedAt = row.updatedAt.toISOString();
  return dto as TInvoice;
};

/** `by` only when a member is recorded (lib/actor.ts), after the fields every answer has. */
const withActor = <T extends Record<string, unknown>>(dto: T, by: CreditRef['by']): T => {
  const actor = actorOfRef(by);
  if (actor.by) (dto as Record<string, unknown>).by = actor.by;
  return dto;
};
const toCreditNoteRefDto = (c: CreditRef) => withActor({ id: c.id, creditNoteNumber: c.creditNoteNumber, total: penceToPounds(Number(c.totalPence)) }, c.by);

export const toPaymentDto = (p: PaymentRef): TInvoicePayment =>
  withActor(
    {
      id: p.id,
      amount: penceToPounds(Number(p.amountPence)),
      date: p.paidOn,
      method: p.method as TPaymentMethod,
      reference: p.reference,
      createdAt: new Date(p.createdAt).toISOString(),
    },
    p.by,
  );

/** Statutory interest and compensation on `balance`: overdue invoices of business clients only (docs/product.md, "Late payment"). */
function latePayment(row: InvoiceWithLines, balance: number): TLatePayment | null {
  if (row.status !== OVERDUE || !row.clientIsBusiness) return null;
  const late = latePaymentPence(balance, row.daysPastDue, row.baseRateBp);
  return late && { daysLate: late.daysLate, interest: penceToPounds(late.interestPence), compensation: penceToPounds(late.compensationPence) };
}
