import { z } from 'zod';
import { MSG } from './messages.ts';
import { MAX_LINE_ITEMS } from './constants.ts';
import { INVOICE_STATUSES, QUOTE_STATUSES, type TInvoiceStatus, type TQuoteStatus } from './lifecycle.ts';
import { hasAtMostDecimals } from './money.ts';
import { ZPrice } from './item.ts';
import { ZId, ZListQuery, isIsoDate, requiredText } from './common.ts';

export const QUANTITY_MAX = 1_000_000;

export const ZLineItem = z.object({
  description: requiredText(MSG.descriptionRequired, 2000, 'Description'),
  quantity: z
    .number({ error: MSG.quantityMin })
    .min(1, MSG.quantityMin)
    .max(QUANTITY_MAX, MSG.quantityMax)
    .refine((v) => hasAtMostDecimals(v, 3), MSG.quantityDecimals),
  unitPrice: ZPrice,
});
export type TLineItem = z.output<typeof ZLineItem>;

export const ZTaxPercent = z
  .number({ error: MSG.taxNonNegative })
  .min(0, MSG.taxNonNegative)
  .max(100, MSG.taxMax)
  .refine((v) => hasAtMostDecimals(v, 2), MSG.taxDecimals);

const ZClientId = z.string({ error: MSG.clientRequired }).trim().pipe(z.uuid({ error: MSG.clientRequired }));

const ZLineItems = z
  .array(ZLineItem, { error: MSG.itemsRequired })
  .min(1, MSG.itemsRequired)
  .max(MAX_LINE_ITEMS, MSG.tooManyItems);

/** 'YYYY-MM-DD' (a date-time is cut to its date). Empty means the user cleared it. */
export const ZDueDate = z
  .string({ error: MSG.dueDateRequired })
  .trim()
  .min(1, MSG.dueDateRequired)
  .max(40, MSG.invalidDate)
  .transform((v, ctx) => {
    const day = v.slice(0, 10);
    if (!isIsoDate(day) || (v.length > 10 && Number.isNaN(new Date(v).getTime()))) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidDate });
      return z.NEVER;
    }
    return day;
  });

/** Totals a caller sends are ignored: the server computes them (strip, not strict). */
export const ZQuoteRequest = z.object({
  clientId: ZClientId,
  lineItems: ZLineItems,
  /** percent; defaults to the company's default tax rate, else 20 */
  tax: ZTaxPercent.optional(),
});
export type TQuoteRequest = z.input<typeof ZQuoteRequest>;

export const ZInvoiceRequest = ZQuoteRequest.extend({
  /** defaults to 30 days from today (Europe/London) */
  dueDate: ZDueDate.optional(),
});
export type TInvoiceRequest = z.input<typeof ZInvoiceRequest>;

export const ZFromQuoteRequest = z.object({ dueDate: ZDueDate.optional() }).default({});

export interface TDocumentClient {
  id: string;
  name: string;
}

interface TDocumentBase {
  id: string;
  clientId: string;
  client: TDocumentClient;
  lineItems: TLineItem[];
  /** percent */
  tax: number;
  /** pounds */
  subtotal: number;
  taxAmount: number;
  total: number;
  createdAt: string;
  updatedAt: string;
}

/** The invoice a quote was converted to. */
export interface TQuoteInvoiceRef {
  id: string;
  invoiceNumber: string;
}

export interface TQuote extends TDocumentBase {
  quoteNumber: string;
  status: TQuoteStatus;
  sentAt: string | null;
  /** the invoice made from this quote, null until converted */
  invoice: TQuoteInvoiceRef | null;
}

export interface TInvoice extends TDocumentBase {
  invoiceNumber: string;
  status: TInvoiceStatus;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  quoteId: string | null;
  sentAt: string | null;
  paidAt: string | null;
}

export const ZQuoteIdParams = z.object({ quoteId: ZId });

/** List parameters of GET /quotes and /invoices: ZListQuery with the status narrowed. */
export const ZQuoteListQuery = ZListQuery.extend({
  status: z.enum(QUOTE_STATUSES, { error: `Status must be one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
});
export type TQuoteListQuery = z.output<typeof ZQuoteListQuery>;
export const ZInvoiceListQuery = ZListQuery.extend({
  status: z.enum(INVOICE_STATUSES, { error: `Status must be one of ${INVOICE_STATUSES.join(', ')}` }).optional(),
});
export type TInvoiceListQuery = z.output<typeof ZInvoiceListQuery>;

/** Messages of document rules the spec is silent on (docs/spec-deviations.md). */
export const DOCUMENT_MESSAGES = {
  quoteAlreadyConverted: (invoiceNumber: string) => `This quote has already been converted to invoice ${invoiceNumber}`,
} as const;
