import { DEFAULT_REVERSE_CHARGE_WORDING } from '@docket/schemas/vat';
import type { TCompany, TCompanyRequest, TCompanyRequestParsed } from '@docket/schemas/company';
import { peppolIdFormDefaults } from '@/components/peppol-id-fields';
import {
  DEFAULT_CREDIT_NOTE_PREFIX,
  DEFAULT_CURRENCY,
  DEFAULT_DUE_DAYS,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_QUOTE_PREFIX,
  DEFAULT_TAX_RATE,
  DEFAULT_TEMPLATE,
} from '@docket/schemas/constants';

const BANK_KEYS = ['bankName', 'accountName', 'accountNumber', 'sortCode', 'iban', 'swift'] as const;

/** The form's starting values: the profile's, or the defaults (docs/product.md, "Defaults"); null shown as ''. */
export function companyFormDefaults(company: TCompany | null) {
  const bank = company?.bankDetails;
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    address: company?.address ?? '',
    website: company?.website ?? '',
    vatNumber: company?.vatNumber ?? '',
    terms: company?.terms ?? '',
    currency: company?.currency ?? DEFAULT_CURRENCY,
    template: company?.template ?? DEFAULT_TEMPLATE,
    quoteNumberPrefix: company?.quoteNumberPrefix ?? DEFAULT_QUOTE_PREFIX,
    invoiceNumberPrefix: company?.invoiceNumberPrefix ?? DEFAULT_INVOICE_PREFIX,
    creditNotePrefix: company?.creditNotePrefix ?? DEFAULT_CREDIT_NOTE_PREFIX,
    defaultTaxRate: company?.defaultTaxRate ?? DEFAULT_TAX_RATE,
    latePaymentNotice: company?.latePaymentNotice ?? false,
    vatScheme: company?.vatScheme ?? 'invoice',
    reverseChargeWording: company?.reverseChargeWording ?? DEFAULT_REVERSE_CHARGE_WORDING,
    cisSubcontractor: company?.cisSubcontractor ?? false,
    paymentTermsDays: company?.paymentTermsDays ?? DEFAULT_DUE_DAYS,
    baseRatePercent: company?.baseRatePercent ?? 0,
    // both blank is "none": the form sends null then, which clears a stored id
    peppolId: peppolIdFormDefaults(company?.peppolId) as TCompanyRequest['peppolId'],
    bankDetails: Object.fromEntries(BANK_KEYS.map((k) => [k, bank?.[k] ?? ''])) as Record<(typeof BANK_KEYS)[number], string>,
  };
}

/** Optional fields are left absent when empty, except the Peppol id (null clears it); bank details nested (absent when all empty). */
export function toCompanyPayload(values: TCompanyRequestParsed): TCompanyRequest {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'bankDetails' || key === 'currencySymbol') continue;
    // null is meaningful here: it clears a stored Peppol id (absent would keep it)
    if (key === 'peppolId') {
      payload.peppolId = value ?? null;
      continue;
    }
    if (value !== null && value !== undefined && value !== '') payload[key] = value;
  }
  const bank = Object.fromEntries(BANK_KEYS.flatMap((k) => (values.bankDetails?.[k] ? [[k, values.bankDetails[k]]] : [])));
  if (Object.keys(bank).length > 0) payload.bankDetails = bank;
  return payload as TCompanyRequest;
}
