import { CURRENCIES, type TCurrencyCode, type TTemplate } from '@docket/schemas/constants';
import type { TCompany, TCompanyRequestParsed } from '@docket/schemas/company';
import { basisPointsToPercent, percentToBasisPoints } from '@docket/schemas/money';
import { DEFAULT_REVERSE_CHARGE_WORDING, REVERSE_CHARGE_WORDINGS, VAT_SCHEMES, type TReverseChargeWording, type TVatScheme } from '@docket/schemas/vat';
import { toDataUrl } from '../../lib/image.ts';
import type { CompanyFields, CompanyRow } from './company.repository.ts';

export function toCompanyFields(input: TCompanyRequestParsed): CompanyFields {
  const bank = input.bankDetails;
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    website: input.website,
    vatNumber: input.vatNumber,
    terms: input.terms,
    currency: input.currency,
    template: input.template,
    quoteNumberPrefix: input.quoteNumberPrefix,
    invoiceNumberPrefix: input.invoiceNumberPrefix,
    creditNotePrefix: input.creditNotePrefix,
    defaultTaxRateBp: percentToBasisPoints(input.defaultTaxRate),
    latePaymentNotice: input.latePaymentNotice,
    vatScheme: input.vatScheme,
    reverseChargeWording: input.reverseChargeWording,
    cisSubcontractor: input.cisSubcontractor,
    // absent keeps the stored id; null clears it
    ...(input.peppolId === undefined ? {} : { peppolScheme: input.peppolId?.scheme ?? null, peppolId: input.peppolId?.value ?? null }),
    paymentTermsDays: input.paymentTermsDays,
    baseRateBp: input.baseRatePercent === undefined ? undefined : percentToBasisPoints(input.baseRatePercent),
    bankName: bank?.bankName ?? null,
    bankAccountName: bank?.accountName ?? null,
    bankAccountNumber: bank?.accountNumber ?? null,
    bankSortCode: bank?.sortCode ?? null,
    bankIban: bank?.iban ?? null,
    bankSwift: bank?.swift ?? null,
  };
}

export function toCompanyDto(row: CompanyRow, counters: { quote: number; invoice: number; credit_note: number }): TCompany {
  const currency = (row.currency in CURRENCIES ? row.currency : 'GBP') as TCurrencyCode;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    website: row.website,
    vatNumber: row.vatNumber,
    terms: row.terms,
    currency,
    currencySymbol: CURRENCIES[currency].symbol,
    template: row.template as TTemplate,
    quoteNumberPrefix: row.quoteNumberPrefix,
    invoiceNumberPrefix: row.invoiceNumberPrefix,
    creditNotePrefix: row.creditNotePrefix,
    defaultTaxRate: basisPointsToPercent(row.defaultTaxRateBp),
    logo: row.logo && row.logoMimeType ? toDataUrl(row.logo, row.logoMimeType) : null,
    bankDetails: {
      bankName: row.bankName,
      accountName: row.bankAccountName,
      accountNumber: row.bankAccountNumber,
      sortCode: row.bankSortCode,
      iban: row.bankIban,
      swift: row.bankSwift,
    },
    latePaymentNotice: row.latePaymentNotice,
    baseRatePercent: basisPointsToPercent(row.baseRateBp),
    baseRateSetOn: row.baseRateSetOn,
    vatScheme: (VAT_SCHEMES as readonly string[]).includes(row.vatScheme) ? (row.vatScheme as TVatScheme) : 'invoice',
    reverseChargeWording:
      row.reverseChargeWording in REVERSE_CHARGE_WORDINGS ? (row.reverseChargeWording as TReverseChargeWording) : DEFAULT_REVERSE_CHARGE_WORDING,
    cisSubcontractor: row.cisSubcontractor,
    ...(row.peppolScheme && row.peppolId ? { peppolId: { scheme: row.peppolScheme, value: row.peppolId } } : {}),
    paymentTermsDays: row.paymentTermsDays,
    nextQuoteNumber: counters.quote,
    nextInvoiceNumber: counters.invoice,
    nextCreditNoteNumber: counters.credit_note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
