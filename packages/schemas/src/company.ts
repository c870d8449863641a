import { z } from 'zod';
import { MSG } from './messages.ts';
import {
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_QUOTE_PREFIX,
  DEFAULT_TAX_RATE,
  DEFAULT_TEMPLATE,
  PREFIX_MAX_LENGTH,
  TEMPLATES,
  type TCurrencyCode,
  type TTemplate,
} from './constants.ts';
import { hasAtMostDecimals } from './money.ts';
import { ZEmail, optionalText, requiredText } from './common.ts';

const ZPrefix = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(PREFIX_MAX_LENGTH, MSG.prefixMax);

/** A URL or empty (SPEC section 5). Scheme-less input like www.example.co.uk is accepted as https. */
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

export const ZBankDetails = z.object({
  bankName: optionalText(100, 'Bank name'),
  accountName: optionalText(100, 'Account name'),
  accountNumber: optionalText(34, 'Account number'),
  sortCode: optionalText(20, 'Sort code'),
  iban: optionalText(34, 'IBAN'),
  swift: optionalText(11, 'SWIFT/BIC'),
});
export type TBankDetails = z.output<typeof ZBankDetails>;

export const ZCompanyRequest = z.object({
  name: requiredText(MSG.companyNameRequired, 200, 'Company name'),
  email: ZEmail(MSG.companyEmailRequired),
  phone: optionalText(50, 'Phone'),
  address: optionalText(1000, 'Address'),
  website: ZWebsite,
  vatNumber: optionalText(30, 'VAT number'),
  terms: optionalText(10_000, 'Terms'),
  currency: z.enum(CURRENCY_CODES, { error: 'Currency must be one of GBP, USD, EUR, CAD, AUD' }).default(DEFAULT_CURRENCY),
  template: z
    .enum(TEMPLATES, { error: `Template must be one of ${TEMPLATES.join(', ')}` })
    .default(DEFAULT_TEMPLATE),
  quoteNumberPrefix: ZPrefix(MSG.quotePrefixRequired).default(DEFAULT_QUOTE_PREFIX),
  invoiceNumberPrefix: ZPrefix(MSG.invoicePrefixRequired).default(DEFAULT_INVOICE_PREFIX),
  defaultTaxRate: z
    .number({ error: MSG.taxRateMin })
    .min(0, MSG.taxRateMin)
    .max(100, MSG.taxRateMax)
    .refine((v) => hasAtMostDecimals(v, 2), MSG.taxDecimals)
    .default(DEFAULT_TAX_RATE),
  bankDetails: ZBankDetails.nullish(),
  /** Ignored if sent: the symbol follows the currency (SPEC section 9). */
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

export const ZLogoRequest = z.object({
  logo: z.string({ error: 'Logo must be a PNG or JPEG image' }).min(1, 'Logo must be a PNG or JPEG image'),
});

export interface TCompany {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  website: string | null;
  vatNumber: string | null;
  terms: string | null;
  currency: TCurrencyCode;
  currencySymbol: string;
  template: TTemplate;
  quoteNumberPrefix: string;
  invoiceNumberPrefix: string;
  defaultTaxRate: number;
  /** data URL, or null */
  logo: string | null;
  bankDetails: {
    bankName: string | null;
    accountName: string | null;
    accountNumber: string | null;
    sortCode: string | null;
    iban: string | null;
    swift: string | null;
  };
  /** The counter the next quote / invoice number will use. */
  nextQuoteNumber: number;
  nextInvoiceNumber: number;
  createdAt: string;
  updatedAt: string;
}
