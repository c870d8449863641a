import { z } from 'zod';
import { MSG } from './messages.ts';
import {
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  DEFAULT_CREDIT_NOTE_PREFIX,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_QUOTE_PREFIX,
  DEFAULT_TAX_RATE,
  DEFAULT_TEMPLATE,
  PREFIX_MAX_LENGTH,
  TEMPLATES,
} from './constants.ts';
import { hasAtMostDecimals } from './money.ts';
import { REVERSE_CHARGE_WORDING_KEYS, VAT_SCHEMES } from './vat.ts';
import { ZEmail, ZTimestamp, isCleanIdentifier, isXmlText, optionalIdentifier, optionalText, requiredText } from './common.ts';
import { ZPeppolId, ZPeppolIdAnswer } from './peppol.ts';

/** A prefix starts every document number, so it must read exactly as it is stored. */
const ZPrefix = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(PREFIX_MAX_LENGTH, MSG.prefixMax)
    .refine(isCleanIdentifier, MSG.invisibleOrBidi('Prefix'))
    .refine(isXmlText, MSG.notXmlText('Prefix'));

/** A URL or empty. Scheme-less input like www.example.co.uk is accepted as https. */
const ZWebsite = z
  .string({ error: MSG.invalidWebsite })
  .trim()
  .max(300, MSG.tooLong('Website', 300))
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
    try {
      const url = new URL(candidate);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) throw new Error();
      return v;
    } catch {
      ctx.addIssue({ code: 'custom', message: MSG.invalidWebsite });
      return z.NEVER;
    }
  });

/** Payment terms in whole days, 0 (due on receipt) to 365. */
export const PAYMENT_TERMS_MESSAGE = 'Payment terms must be a whole number of days from 0 to 365';
export const ZPaymentTermsDays = z
  .number({ error: PAYMENT_TERMS_MESSAGE })
  .int(PAYMENT_TERMS_MESSAGE)
  .min(0, PAYMENT_TERMS_MESSAGE)
  .max(365, PAYMENT_TERMS_MESSAGE);

/** "Payment due within 14 days" ("on receipt" for 0 days). */
export const paymentTermsLine = (days: number) => (days === 0 ? 'Payment due on receipt' : `Payment due within ${days} day${days === 1 ? '' : 's'}`);

/**
 * An invoice's terms as printed (docs/product.md, "Payment terms"): the company's text, headed by
 * "Payment due within N days" unless the text already names those days (or, for 0 days, receipt).
 * `days` is null where no payment is asked (quotes, void invoices).
 */
export function termsWithPaymentDays(terms: string | null, days: number | null): string | null {
  if (days === null || days < 0) return terms;
  const said = days === 0 ? /\b(on receipt|immediately|upon receipt)\b/i : new RegExp(`\\b${days}\\s*(?:calendar\\s+|working\\s+|business\\s+)?days?\\b`, 'i');
  if (terms && said.test(terms)) return terms;
  return terms ? `${paymentTermsLine(days)}.\n${terms}` : `${paymentTermsLine(days)}.`;
}

export const ZBankDetails = z.strictObject({
  bankName: optionalText(100, 'Bank name'),
  accountName: optionalText(100, 'Account name'),
  accountNumber: optionalIdentifier(34, 'Account number'),
  sortCode: optionalIdentifier(20, 'Sort code'),
  iban: optionalIdentifier(34, 'IBAN'),
  swift: optionalIdentifier(11, 'SWIFT/BIC'),
});
export type TBankDetails = z.output<typeof ZBankDetails>;

export const ZCompanyRequest = z.strictObject({
  name: requiredText(MSG.companyNameRequired, 200, 'Company name'),
  email: ZEmail(MSG.companyEmailRequired),
  phone: optionalText(50, 'Phone'),
  address: optionalText(1000, 'Address'),
  website: ZWebsite,
  vatNumber: optionalIdentifier(30, 'VAT number'),
  terms: optionalText(10_000, 'Terms'),
  currency: z.enum(CURRENCY_CODES, { error: 'Currency must be one of GBP, USD, EUR, CAD, AUD' }).default(DEFAULT_CURRENCY),
  template: z.enum(TEMPLATES, { error: `Template must be one of ${TEMPLATES.join(', ')}` }).default(DEFAULT_TEMPLATE),
  quoteNumberPrefix: ZPrefix(MSG.quotePrefixRequired).default(DEFAULT_QUOTE_PREFIX),
  invoiceNumberPrefix: ZPrefix(MSG.invoicePrefixRequired).default(DEFAULT_INVOICE_PREFIX),
  creditNotePrefix: ZPrefix(MSG.creditNotePrefixRequired).default(DEFAULT_CREDIT_NOTE_PREFIX),
  defaultTaxRate: z
    .number({ error: MSG.taxRateMin })
    .min(0, MSG.taxRateMin)
    .max(100, MSG.taxRateMax)
    .refine((v) => hasAtMostDecimals(v, 2), MSG.taxDecimals)
    .default(DEFAULT_TAX_RATE),
  bankDetails: ZBankDetails.nullish(),
  /** docs/product.md, "Late payment": print the statutory notice on business clients' invoices */
  latePaymentNotice: z.boolean({ error: 'latePaymentNotice must be true or false' }).optional(),
  /** the Bank of England base rate as the user last entered it (percent); the date is recorded on change. Absent keeps the stored value (both fields) */
  baseRatePercent: z
    .number({ error: 'Base rate must be between 0 and 25' })
    .min(0, 'Base rate must be between 0 and 25')
    .max(25, 'Base rate must be between 0 and 25')
    .refine((v) => hasAtMostDecimals(v, 2), 'Base rate must have at most 2 decimal places')
    .optional(),
  /** VAT accounting scheme for the VAT return figures; absent keeps the stored value (invoice by default) */
  vatScheme: z.enum(VAT_SCHEMES, { error: 'VAT scheme must be invoice or cash' }).optional(),
  /** which of HMRC's example reverse-charge wordings the PDFs print; absent keeps the stored value */
  reverseChargeWording: z
    .enum(REVERSE_CHARGE_WORDING_KEYS, { error: `Reverse-charge wording must be one of ${REVERSE_CHARGE_WORDING_KEYS.join(', ')}` })
    .optional(),
  /** the company is a CIS subcontractor: its invoices to clients with a CIS rate show the deduction; absent keeps the stored value */
  cisSubcontractor: z.boolean({ error: 'cisSubcontractor must be true or false' }).optional(),
  /** the company's Peppol participant id (docs/data-transfer.md, "Electronic addresses"); null clears it, absent keeps the stored value */
  peppolId: ZPeppolId,
  /** days from issue to due date on new invoices (docs/product.md, "Payment terms"); absent keeps the stored value (30 by default) */
  paymentTermsDays: ZPaymentTermsDays.optional(),
  /** Ignored if sent: the symbol follows the currency. */
  currencySymbol: z.unknown().optional(),
});
export type TCompanyRequest = z.input<typeof ZCompanyRequest>;
export type TCompanyRequestParsed = z.output<typeof ZCompanyRequest>;

/**
 * GET /company?optional=true: a missing profile answers 200 with data null instead of the 404
 * the spec gives, so a new account's first screen has no failed request in the browser console.
 */
export const ZCompanyQuery = z.object({
  optional: z.enum(['true', 'false'], { error: 'Optional must be true or false' }).optional(),
});

export const ZLogoRequest = z.strictObject({
  logo: z.string({ error: 'Logo must be a PNG or JPEG image' }).min(1, 'Logo must be a PNG or JPEG image'),
});

const nullableText = z.string().nullable();
export const ZCompany = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  address: nullableText,
  website: nullableText,
  vatNumber: nullableText,
  terms: nullableText,
  currency: z.enum(CURRENCY_CODES),
  currencySymbol: z.string(),
  template: z.enum(TEMPLATES),
  quoteNumberPrefix: z.string(),
  invoiceNumberPrefix: z.string(),
  creditNotePrefix: z.string(),
  defaultTaxRate: z.number(),
  /** data URL, or null */
  logo: nullableText,
  bankDetails: z.strictObject({
    bankName: nullableText,
    accountName: nullableText,
    accountNumber: nullableText,
    sortCode: nullableText,
    iban: nullableText,
    swift: nullableText,
  }),
  /** The counter the next quote / invoice number will use. */
  latePaymentNotice: z.boolean(),
  baseRatePercent: z.number(),
  /** the day the base rate was last changed, or null if never entered */
  baseRateSetOn: z.iso.date().nullable(),
  vatScheme: z.enum(VAT_SCHEMES),
  reverseChargeWording: z.enum(REVERSE_CHARGE_WORDING_KEYS),
  cisSubcontractor: z.boolean(),
  /** present only when set, so a company without one answers as before */
  peppolId: ZPeppolIdAnswer.optional(),
  /** days from issue to due date unless the client has its own terms */
  paymentTermsDays: z.number().int(),
  nextQuoteNumber: z.number().int(),
  nextInvoiceNumber: z.number().int(),
  nextCreditNoteNumber: z.number().int(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TCompany = z.infer<typeof ZCompany>;
