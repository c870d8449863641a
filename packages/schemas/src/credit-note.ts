import { z } from 'zod';
import { MSG } from './messages.ts';
import { MAX_LINE_ITEMS, REASON_MAX_LENGTH } from './constants.ts';
import { formatPence, hasAtMostDecimals } from './money.ts';
import { ZPrice } from './item.ts';
import { ZListQuery, ZTimestamp, requiredText, type TPage } from './common.ts';
import { QUANTITY_MAX, ZDocumentClient, ZLineItemAnswer, lineVatFields, vatFigures } from './document.ts';
import { ZActor, type TActor } from './history.ts';

/** The reason a void or a credit note carries: required, printed on the PDF. */
export const ZReason = requiredText(MSG.reasonRequired, REASON_MAX_LENGTH, 'Reason');

export const ZVoidRequest = z.strictObject({ reason: ZReason });
export type TVoidRequest = z.input<typeof ZVoidRequest>;

const CREDIT_QUANTITY_MESSAGE = 'Quantity must be more than 0';

/**
 * A credited line. Unlike a quote or invoice line the quantity may be a fraction of one
 * (crediting half an hour of a one-hour line); it is still positive with at most 3 decimals.
 */
export const ZCreditLine = z.strictObject({
  description: requiredText(MSG.descriptionRequired, 2000, 'Description'),
  quantity: z
    .number({ error: CREDIT_QUANTITY_MESSAGE })
    .gt(0, CREDIT_QUANTITY_MESSAGE)
    .max(QUANTITY_MAX, MSG.quantityMax)
    .refine((v) => hasAtMostDecimals(v, 3), MSG.quantityDecimals),
  unitPrice: ZPrice,
  /** absent: the invoice's rate, as before per-line VAT */
  ...lineVatFields,
});

/** No lines = credit the whole invoice; lines = a partial credit at the invoice's VAT rate. */
export const ZCreditNoteRequest = z.strictObject({
  reason: ZReason,
  lineItems: z.array(ZCreditLine, { error: MSG.itemsRequired }).min(1, MSG.itemsRequired).max(MAX_LINE_ITEMS, MSG.tooManyItems).optional(),
});
export type TCreditNoteRequest = z.input<typeof ZCreditNoteRequest>;

export const ZCreditNoteListQuery = ZListQuery.extend({
  invoiceId: z.uuid({ error: MSG.invalidId }).optional(),
});
export type TCreditNoteListQuery = z.output<typeof ZCreditNoteListQuery>;

export const ZCreditNote = z.strictObject({
  id: z.uuid(),
  creditNoteNumber: z.string(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  clientId: z.uuid(),
  client: ZDocumentClient,
  lineItems: z.array(ZLineItemAnswer),
  /** percent: the invoice's VAT rate */
  tax: z.number(),
  subtotal: z.number(),
  taxAmount: z.number(),
  total: z.number(),
  ...vatFigures,
  reason: z.string(),
  createdAt: ZTimestamp,
  /** the member who issued it (absent for older credit notes) */
  by: ZActor.optional(),
});
export type TCreditNote = z.infer<typeof ZCreditNote>;
export type TCreditNotePage = TPage<TCreditNote>;

/** What an invoice answer says about the credit notes against it. */
export interface TCreditNoteRef {
  id: string;
  creditNoteNumber: string;
  total: number;
  by?: TActor;
}

export interface TInvoiceMoney {
  /** pence */
  total: number;
  paid: number;
  credited: number;
}

/**
 * What is still owed: total less payments less credits, never below zero. Payments are a
 * separate figure so recorded payments slot in beside credits (docs/product.md, "Balances").
 */
export const balanceDuePence = ({ total, paid, credited }: TInvoiceMoney): number => Math.max(0, total - paid - credited);

/** What a new credit note may still take off an invoice: its total less earlier credits. */
export const creditablePence = ({ total, credited }: Pick<TInvoiceMoney, 'total' | 'credited'>): number => Math.max(0, total - credited);

export const CREDIT_MESSAGES = {
  invoiceChanged: 'An issued invoice cannot be changed. Issue a credit note instead.',
  invoiceDeleted: 'An issued invoice cannot be deleted. Void it or issue a credit note.',
  overCredit: (leftPence: number, symbol = '£') => `Credit is more than the amount left to credit (${formatPence(leftPence, symbol)})`,
  notCreditable: (status: string) => `Cannot credit an invoice that is ${status}`,
  notVoidable: (status: string) => `Cannot void an invoice that is ${status}`,
  voidWithCredits: 'An invoice with credit notes cannot be voided.',
  revertWithCredits: 'An invoice with credit notes cannot be reverted to draft.',
  quoteApproved: 'An approved quote cannot be changed. Revert it to draft first.',
  quoteInvoiced: (invoiceNumber: string) => `This quote cannot be deleted: invoice ${invoiceNumber} was made from it.`,
} as const;
