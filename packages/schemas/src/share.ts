import { z } from 'zod';
import { ZPublicDeposit, ZPublicOnlinePayment } from './online-payment.ts';
import { MSG, SHARE_MESSAGES } from './messages.ts';
import { optionalText, requiredText, ZDay, ZTimestamp } from './common.ts';
import { INVOICE_STATUSES, QUOTE_STATUSES } from './lifecycle.ts';

/**
 * The client's link (docs/product.md, "Client links"): a private URL per quote or invoice that
 * needs no account. Only the SHA-256 of its token is stored.
 */
export const SHARE_TOKEN_BYTES = 32;
export const SHARE_LINK_DEFAULT_DAYS = 90;

/** base64url of 32 bytes: 43 characters. Anything else cannot be a token. */
export const ZShareToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** The short code an invoice PDF prints for its pay page (`/p/{code}`): 16 random bytes, base64url. */
export const ZPayCode = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
export const ZShareTokenParams = z.object({ token: z.string() });

export const ZShareLink = z.strictObject({ url: z.string(), expiresAt: ZTimestamp });
export type TShareLink = z.infer<typeof ZShareLink>;

export const ZAcceptRequest = z.strictObject({
  name: requiredText(SHARE_MESSAGES.nameRequired, 200, 'Name'),
  signature: z.string({ error: SHARE_MESSAGES.signatureType }).max(400_000, SHARE_MESSAGES.signatureSize).optional().nullable(),
  agreeTerms: z.literal(true, { error: SHARE_MESSAGES.agreeTerms }),
  /** the page's `version`: an acceptance is of the exact document the customer saw (docs/product.md, "Client links") */
  version: z.number({ error: SHARE_MESSAGES.versionRequired }).int(SHARE_MESSAGES.versionRequired).positive(SHARE_MESSAGES.versionRequired),
});
export type TAcceptRequest = z.infer<typeof ZAcceptRequest>;

export const ZDeclineRequest = z.strictObject({ reason: optionalText(1000, 'Reason').optional() });
export type TDeclineRequest = z.infer<typeof ZDeclineRequest>;

/** Who accepted a quote and when; the signature as a PNG data URL (null when none was drawn). */
export const ZAcceptance = z.strictObject({ name: z.string(), signedAt: ZTimestamp, signature: z.string().nullable() });
export type TAcceptance = z.infer<typeof ZAcceptance>;

/** One VAT rate's share of a document: pounds. */
/** One VAT treatment's figures as the customer sees them; reverse-charge VAT is not in the total. */
export const ZVatBreakdownRow = z.strictObject({ label: z.string(), rate: z.number(), net: z.number(), vat: z.number(), reverseCharge: z.boolean() });
export type TVatBreakdownRow = z.infer<typeof ZVatBreakdownRow>;

/** `discountPercent` is null without a discount; `amount` is the line's net after it. */
const ZPublicLine = z.strictObject({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  discountPercent: z.number().nullable(),
  amount: z.number(),
});

/** What the customer may see through the link and nothing more: no ids, no user email. */
export const ZPublicDocument = z.strictObject({
  kind: z.enum(['quote', 'invoice', 'credit_note']),
  /** invoices with a balance whose business takes payments online: Pay now (docs/product.md, "Payments from the link") */
  onlinePayment: ZPublicOnlinePayment.nullable().optional(),
  /** quotes asking for a deposit on acceptance */
  deposit: ZPublicDeposit.nullable().optional(),
  number: z.string(),
  /** a credit note is issued when it is made: ISSUED */
  status: z.union([z.enum(QUOTE_STATUSES), z.enum(INVOICE_STATUSES), z.literal('ISSUED')]),
  issueDate: ZDay,
  /** quotes */
  validUntil: ZDay.nullable(),
  /** invoices */
  dueDate: ZDay.nullable(),
  currency: z.string(),
  company: z.strictObject({
    name: z.string(),
    logo: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string(),
    vatNumber: z.string().nullable(),
  }),
  customer: z.strictObject({ name: z.string(), address: z.string().nullable() }),
  /** the job's address (docs/product.md, "Site address"), as frozen at issue */
  siteAddress: z.string().nullable(),
  lines: z.array(ZPublicLine),
  vatBreakdown: z.array(ZVatBreakdownRow),
  /** the legend printed when any line is reverse charged (the company's chosen HMRC wording), else null */
  reverseChargeLegend: z.string().nullable(),
  subtotal: z.number(),
  taxAmount: z.number(),
  total: z.number(),
  /** invoices from a CIS subcontractor: what the contractor deducts, and what is then due */
  cis: z.strictObject({ rate: z.number(), labourNet: z.number(), deduction: z.number() }).nullable(),
  amountDue: z.number().nullable(),
  terms: z.string().nullable(),
  /** invoices only */
  balanceDue: z.number().nullable(),
  /**
   * issued invoices: payments received and credit notes issued to date, then the balance due or
   * 'Paid in full', as the one figure model words them (docs/product.md, "One figure model")
   */
  balanceRows: z.array(z.strictObject({ label: z.string(), text: z.string() })).optional(),
  /** invoices: nothing left to pay, so the page says paid instead of how to pay */
  paidInFull: z.boolean().optional(),
  bank: z
    .strictObject({
      bankName: z.string().nullable(),
      accountName: z.string().nullable(),
      accountNumber: z.string().nullable(),
      sortCode: z.string().nullable(),
      iban: z.string().nullable(),
      swift: z.string().nullable(),
    })
    .nullable(),
  paymentReference: z.string().nullable(),
  /** accepted quotes only */
  acceptance: ZAcceptance.nullable(),
  /** a quote's version as shown (sent back on accept); null for invoices */
  version: z.number().nullable(),
  /** credit notes: the invoice it corrects and why (its figures are what is credited) */
  creditNote: z.strictObject({ invoiceNumber: z.string(), reason: z.string() }).nullable().optional(),
});
export type TPublicDocument = z.infer<typeof ZPublicDocument>;

export const NOTIFICATION_KINDS = [
  'viewed',
  'accepted',
  'declined',
  'payment recorded',
  'email failed',
  'reminder sent',
  'recurring draft',
  'recurring not sent',
  'refund recorded',
  'credit kept',
  'online payment failed',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ZNotification = z.strictObject({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  documentKind: z.enum(['quote', 'invoice', 'credit_note']),
  documentId: z.uuid(),
  documentNumber: z.string(),
  summary: z.string(),
  createdAt: ZTimestamp,
  readAt: ZTimestamp.nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.strictObject({ items: z.array(ZNotification), nextCursor: z.string().nullable(), unread: z.number().int() });
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationsQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .optional(),
  cursor: z.string().max(200, 'Cursor is not valid').optional(),
});

/** No ids: mark every notification read. */
export const ZNotificationsRead = z.strictObject({
  ids: z
    .array(z.uuid({ error: MSG.invalidId }), { error: 'Ids must be a list' })
    .max(500, 'At most 500 ids')
    .optional(),
});
export const ZNotificationsReadAnswer = z.strictObject({ unread: z.number().int() });
