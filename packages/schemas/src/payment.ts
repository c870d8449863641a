import { z } from 'zod';
import { hasAtMostDecimals } from './money.ts';
import { ZDay, ZListQuery, ZTimestamp, isIsoDate, optionalText, type TPage } from './common.ts';
import { MSG } from './messages.ts';
import { ZActor } from './history.ts';

/** How a payment was received; BANK_TRANSFER when not said (docs/product.md, "Payments"). */
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CARD', 'CASH', 'CHEQUE', 'OTHER'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: TPaymentMethod = 'BANK_TRANSFER';
export const PAYMENT_METHOD_LABELS: Record<TPaymentMethod, string> = {
  BANK_TRANSFER: 'Bank transfer',
  CARD: 'Card',
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  OTHER: 'Other',
};
export const PAYMENT_REFERENCE_MAX = 100;

export const PAYMENT_MESSAGES = {
  amount: 'Amount must be greater than 0',
  amountDecimals: 'Amount must have at most 2 decimal places',
  date: 'Date must be a valid date (YYYY-MM-DD)',
  future: 'Payment date cannot be in the future',
  beforeIssue: 'Payment date cannot be before the invoice date',
  method: `Method must be one of ${PAYMENT_METHODS.join(', ')}`,
  notIssued: 'Only issued invoices can take payments',
  overBalance: (balance: string) => `Payment is more than the balance due (${balance})`,
  revertWithPayments: 'An invoice with payments cannot be reverted to draft. Remove the payments first.',
  voidWithPayments: 'An invoice with payments cannot be voided. Issue a credit note instead.',
} as const;

/** Largest single payment: £10m, well inside the document caps. */
const AMOUNT_MAX = 10_000_000;

export const ZPaymentRequest = z.strictObject({
  amount: z
    .number({ error: PAYMENT_MESSAGES.amount })
    .gt(0, PAYMENT_MESSAGES.amount)
    .max(AMOUNT_MAX, PAYMENT_MESSAGES.amount)
    .refine((v) => hasAtMostDecimals(v, 2), PAYMENT_MESSAGES.amountDecimals),
  date: z.string({ error: PAYMENT_MESSAGES.date }).refine(isIsoDate, PAYMENT_MESSAGES.date).optional(),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }).default(DEFAULT_PAYMENT_METHOD),
  reference: optionalText(PAYMENT_REFERENCE_MAX, 'Reference'),
});
export type TPaymentRequest = z.input<typeof ZPaymentRequest>;

export const ZPaymentParams = z.object({ id: z.uuid({ error: MSG.invalidId }), paymentId: z.uuid({ error: MSG.invalidId }) });

const optionalDay = z.string({ error: PAYMENT_MESSAGES.date }).refine(isIsoDate, PAYMENT_MESSAGES.date).optional();
export const ZPaymentListQuery = ZListQuery.extend({
  from: optionalDay,
  to: optionalDay,
  clientId: z.uuid({ error: MSG.invalidId }).optional(),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }).optional(),
});
export type TPaymentListQuery = z.output<typeof ZPaymentListQuery>;

/** A payment as an invoice answer lists it. */
export const ZInvoicePayment = z.strictObject({
  id: z.uuid(),
  amount: z.number(),
  date: ZDay,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  createdAt: ZTimestamp,
  /** the member who recorded it (absent for older payments and those a provider's webhook recorded) */
  by: ZActor.optional(),
});
export type TInvoicePayment = z.infer<typeof ZInvoicePayment>;

/** A ledger row of GET /payments. */
export const ZPayment = ZInvoicePayment.extend({
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;
export type TPaymentPage = TPage<TPayment>;

/** The interest and compensation a business client's overdue invoice has accrued (pounds). */
export const ZLatePayment = z.strictObject({ daysLate: z.number().int(), interest: z.number(), compensation: z.number() });
export type TLatePayment = z.infer<typeof ZLatePayment>;
