import { z } from 'zod';
import { ZInvoicePayment, ZLatePayment } from './payment.ts';
import { ZActor } from './history.ts';
import { MSG } from './messages.ts';
import { DOCUMENT_TOTAL_MAX_PENCE, MAX_LINE_ITEMS } from './constants.ts';
import { INVOICE_STATUSES, QUOTE_STATUSES } from './lifecycle.ts';
import { hasAtMostDecimals } from './money.ts';
import { computeTotalsFromPounds } from './totals.ts';
import { ZPrice } from './item.ts';
import { ZDay, ZId, ZListQuery, ZTimestamp, isIsoDate, isXmlText, optionalText, requiredText, ukDate } from './common.ts';
import { LINE_KINDS, VAT_CODES, VAT_MESSAGES } from './vat.ts';

export const QUANTITY_MAX = 1_000_000;

/** A line's VAT, kind, discount and unit (docs/product.md, "VAT per line"): all optional. */
export const lineVatFields = {
  vat: z.enum(VAT_CODES, { error: VAT_MESSAGES.vatCode }).nullish(),
  kind: z.enum(LINE_KINDS, { error: VAT_MESSAGES.kind }).nullish(),
  /** percent off the line, 0-100 with at most 2 decimals */
  discountPercent: z
    .number({ error: VAT_MESSAGES.discountRange })
    .min(0, VAT_MESSAGES.discountRange)
    .max(100, VAT_MESSAGES.discountRange)
    .refine((v) => hasAtMostDecimals(v, 2), VAT_MESSAGES.discountDecimals)
    .nullish(),
  /** hour, m, each... */
  unit: optionalText(20, 'Unit'),
};

export const ZLineItem = z
  .strictObject({
    description: requiredText(MSG.descriptionRequired, 2000, 'Description'),
    quantity: z
      .number({ error: MSG.quantityMin })
      .gt(0, MSG.quantityMin)
      .max(QUANTITY_MAX, MSG.quantityMax)
      .refine((v) => hasAtMostDecimals(v, 3), MSG.quantityDecimals),
    unitPrice: ZPrice,
    ...lineVatFields,
  })
  // Unset per-line fields are left out, so a line without them reads exactly as before.
  .transform((l) => Object.fromEntries(Object.entries(l).filter(([, v]) => v !== null && v !== undefined)) as typeof l);
export type TLineItem = z.output<typeof ZLineItem>;
/** A line as a form or a caller writes it (optional fields may be absent). */
export type TLineItemInput = z.input<typeof ZLineItem>;

export const ZTaxPercent = z
  .number({ error: MSG.taxNonNegative })
  .min(0, MSG.taxNonNegative)
  .max(100, MSG.taxMax)
  .refine((v) => hasAtMostDecimals(v, 2), MSG.taxDecimals);

/** The job's address, when it differs from the client's. */
export const SITE_ADDRESS_MAX = 500;
export const ZSiteAddress = z
  .string({ error: 'Site address must be text' })
  .trim()
  .max(SITE_ADDRESS_MAX, MSG.tooLong('Site address', SITE_ADDRESS_MAX))
  .refine(isXmlText, MSG.notXmlText('Site address'))
  .nullable()
  .transform((v) => (v ? v : null));

const ZClientId = z
  .string({ error: MSG.clientRequired })
  .trim()
  .pipe(z.uuid({ error: MSG.clientRequired }));

const ZLineItems = z
  .array(ZLineItem, { error: MSG.itemsRequired })
  .min(1, MSG.itemsRequired)
  .max(MAX_LINE_ITEMS, MSG.tooManyItems)
  // Before VAT, which the server adds with the rate it settles on and checks again.
  .refine((lines) => computeTotalsFromPounds(lines, 0).subtotal <= DOCUMENT_TOTAL_MAX_PENCE, MSG.documentTotalMax);

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

/** Strict: a body carrying totals (or any other unknown key) is refused, since the server computes them (docs/product.md, "Strict request bodies"). */
export const ZQuoteRequest = z.strictObject({
  clientId: ZClientId,
  lineItems: ZLineItems,
  /** percent; defaults to the company's default tax rate, else 20 */
  tax: ZTaxPercent.optional(),
  siteAddress: ZSiteAddress.optional(),
});
export type TQuoteRequest = z.input<typeof ZQuoteRequest>;

export const ZInvoiceRequest = ZQuoteRequest.extend({
  /** defaults to 30 days from today (Europe/London) */
  dueDate: ZDueDate.optional(),
});
export type TInvoiceRequest = z.input<typeof ZInvoiceRequest>;

/** PATCH /invoices/:id/due-date: "Change due date" on any invoice but a void one. */
export const ZDueDateRequest = z.strictObject({ dueDate: ZDueDate });
export type TDueDateRequest = z.input<typeof ZDueDateRequest>;

export const ZFromQuoteRequest = z.strictObject({ dueDate: ZDueDate.optional() }).default({});

export const ZDocumentClient = z.strictObject({ id: z.uuid(), name: z.string() });
export type TDocumentClient = z.infer<typeof ZDocumentClient>;

/**
 * A line as answered: quantity and unit price in units and pounds. The per-line VAT fields are
 * present only when set, so a document that does not use them answers exactly as before.
 */
export const ZLineItemAnswer = z.strictObject({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  vat: z.enum(VAT_CODES).optional(),
  kind: z.enum(LINE_KINDS).optional(),
  discountPercent: z.number().optional(),
  unit: z.string().optional(),
});
export type TLineItemAnswer = z.infer<typeof ZLineItemAnswer>;

/** One VAT rate's figures (pounds; rate in percent). */
export const ZVatGroup = z.strictObject({
  vat: z.enum(VAT_CODES).nullable(),
  rate: z.number(),
  net: z.number(),
  vatAmount: z.number(),
  reverseCharge: z.boolean(),
});
export type TVatGroupAnswer = z.infer<typeof ZVatGroup>;

/**
 * Per-line VAT figures, present when any line carries its own `vat` (docs/product.md, "VAT per
 * line"): a document without them answers exactly as before.
 */
export const vatFigures = {
  vatBreakdown: z.array(ZVatGroup).optional(),
  /** pounds: VAT the customer accounts for under the reverse charge, outside the total */
  reverseChargeVat: z.number().optional(),
};

const documentBase = {
  id: z.uuid(),
  clientId: z.uuid(),
  client: ZDocumentClient,
  lineItems: z.array(ZLineItemAnswer),
  /** percent */
  tax: z.number(),
  siteAddress: z.string().nullable(),
  /** pounds */
  subtotal: z.number(),
  taxAmount: z.number(),
  total: z.number(),
  ...vatFigures,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
};

/**
 * An invoice's number is given when it is issued (docs/product.md, "Document numbers"): a draft
 * that was never issued has none (null), and every screen, PDF and email shows "Draft" in its place.
 */
export const ZInvoiceNumber = z.string().nullable();
export const DRAFT_NUMBER_LABEL = 'Draft';
/** What stands where the invoice's number goes: its number, or "Draft" before it is issued. */
export const invoiceNumberLabel = (invoiceNumber: string | null | undefined): string => invoiceNumber ?? DRAFT_NUMBER_LABEL;

/** The invoice a quote was converted to (docs/product.md, "Converted quotes"). */
export const ZQuoteInvoiceRef = z.strictObject({ id: z.uuid(), invoiceNumber: ZInvoiceNumber });
export type TQuoteInvoiceRef = z.infer<typeof ZQuoteInvoiceRef>;

/** How an invoice was made from a quote: all of it, or in stages (docs/product.md, "Invoicing a quote in stages"). */
export const QUOTE_INVOICE_TYPES = ['FULL', 'DEPOSIT', 'STAGE', 'FINAL'] as const;
export type TQuoteInvoiceType = (typeof QUOTE_INVOICE_TYPES)[number];

export const ZQuote = z.strictObject({
  ...documentBase,
  quoteNumber: z.string(),
  status: z.enum(QUOTE_STATUSES),
  sentAt: ZTimestamp.nullable(),
  /** the first invoice made from this quote, null until invoiced */
  invoice: ZQuoteInvoiceRef.nullable(),
  /** pounds: what its invoices (less their credit notes, void ones left out) charge, and what is left */
  invoicedAmount: z.number(),
  remainingAmount: z.number(),
  invoices: z.array(
    z.strictObject({ id: z.uuid(), invoiceNumber: ZInvoiceNumber, type: z.enum(QUOTE_INVOICE_TYPES), total: z.number(), status: z.enum(INVOICE_STATUSES) }),
  ),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZInvoice = z.strictObject({
  ...documentBase,
  invoiceNumber: ZInvoiceNumber,
  status: z.enum(INVOICE_STATUSES),
  dueDate: ZDay,
  quoteId: z.uuid().nullable(),
  /** how it was made from its quote; null for an invoice not made from one */
  quoteInvoiceType: z.enum(QUOTE_INVOICE_TYPES).nullable(),
  sentAt: ZTimestamp.nullable(),
  paidAt: ZTimestamp.nullable(),
  voidedAt: ZTimestamp.nullable(),
  voidReason: z.string().nullable(),
  /** pounds: the sum of the credit notes against it */
  amountCredited: z.number(),
  /** pounds: total − payments − credits, never below 0; 0 once VOID */
  balanceDue: z.number(),
  creditNotes: z.array(z.strictObject({ id: z.uuid(), creditNoteNumber: z.string(), total: z.number(), by: ZActor.optional() })),
  /** pounds: the sum of recorded payments */
  amountPaid: z.number(),
  payments: z.array(ZInvoicePayment),
  /** overdue invoices of business clients only (docs/product.md, "Late payment") */
  latePayment: ZLatePayment.nullable(),
  /** invoices from a CIS subcontractor to a client with a CIS rate (docs/product.md, "CIS") */
  cis: z.strictObject({ labourNet: z.number(), rate: z.number(), deduction: z.number() }).optional(),
  /** pounds: total less the CIS deduction; present with `cis` (otherwise it is the total) */
  amountDue: z.number().optional(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZQuoteIdParams = z.object({ quoteId: ZId });

/** List parameters of GET /quotes and /invoices: ZListQuery with the status narrowed. */
/**
 * Orders a quote or invoice page can come in (docs/product.md, "Document lists"): by date (the
 * default, newest first), number, client name or total, ascending or descending.
 */
export const DOCUMENT_SORTS = ['date', 'number', 'client', 'total'] as const;
export type TDocumentSort = (typeof DOCUMENT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type TSortOrder = (typeof SORT_ORDERS)[number];
const documentSort = {
  sort: z.enum(DOCUMENT_SORTS, { error: `Sort must be one of ${DOCUMENT_SORTS.join(', ')}` }).optional(),
  order: z.enum(SORT_ORDERS, { error: 'Order must be asc or desc' }).optional(),
};

export const ZQuoteListQuery = ZListQuery.extend({
  status: z.enum(QUOTE_STATUSES, { error: `Status must be one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
  ...documentSort,
});
export type TQuoteListQuery = z.output<typeof ZQuoteListQuery>;
export const ZInvoiceListQuery = ZListQuery.extend({
  status: z.enum(INVOICE_STATUSES, { error: `Status must be one of ${INVOICE_STATUSES.join(', ')}` }).optional(),
  ...documentSort,
});
export type TInvoiceListQuery = z.output<typeof ZInvoiceListQuery>;

/** Messages of document rules the spec is silent on (docs/spec-deviations.md). */
export const DOCUMENT_MESSAGES = {
  quoteAlreadyConverted: (invoiceNumber: string) => `This quote has already been converted to invoice ${invoiceNumber}`,
  /** issue 34.2: refused at issue; dates as the user reads them (DD/MM/YYYY) */
  dueBeforeIssue: (dueDate: string, issueDate: string) =>
    `The due date (${ukDate(dueDate)}) is before the issue date (${ukDate(issueDate)}): change the due date, then issue the invoice`,
  /** the form's warning while the chosen due date is before today */
  dueDateInPast: 'This due date is before today, the issue date: the invoice cannot be issued until it is changed',
} as const;
