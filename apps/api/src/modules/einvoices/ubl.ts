import type { Invoice } from '@e-invoice-eu/core';
import { BUSINESS_TIME_ZONE } from '@docket/schemas/constants';
import { milliToQuantity } from '@docket/schemas/money';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';
import { VAT_CATEGORY_CODES, vatTreatment, type VatTreatment } from '../documents/vat-category.ts';

/** Peppol BIS Billing 3.0 (EN 16931) identifiers. */
const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const amount = (pence: number) => {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const percent = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');
const londonDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b/i;

/** A free-text UK address as UBL parts: first line, second line, town (the line before the postcode) and postcode. Country GB. */
function postalAddress(text: string | null) {
  const lines = (text ?? '')
    .split(/\r?\n|,/)
    .map((l) => l.trim())
    .filter(Boolean);
  const postcodeAt = lines.findIndex((l) => UK_POSTCODE.test(l) && l.replace(UK_POSTCODE, '').trim() === '');
  const postcode = postcodeAt >= 0 ? lines.splice(postcodeAt, 1)[0] : undefined;
  const city = lines.length > 1 ? lines.pop() : undefined;
  return {
    ...(lines[0] ? { 'cbc:StreetName': lines[0] } : {}),
    ...(lines.length > 1 ? { 'cbc:AdditionalStreetName': lines.slice(1).join(', ') } : {}),
    ...(city ? { 'cbc:CityName': city } : {}),
    ...(postcode ? { 'cbc:PostalZone': postcode.toUpperCase() } : {}),
    'cac:Country': { 'cbc:IdentificationCode': 'GB' as const },
  };
}

function taxCategory(t: VatTreatment) {
  return {
    'cbc:ID': t.code,
    'cbc:Percent': percent(t.rateBp),
    ...(t.exemption ? { 'cbc:TaxExemptionReasonCode': t.exemption.code, 'cbc:TaxExemptionReason': t.exemption.reason } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' as const },
  };
}

export interface UblInput {
  kind: 'invoice' | 'credit_note';
  snapshot: DocumentSnapshot;
  clientVatNumber: string | null;
}

/**
 * The EN 16931 document in @e-invoice-eu/core's internal form (UBL element names as keys), from
 * what the issued document froze: the same figures its PDF prints. One VAT breakdown per
 * category; line categories from vatTreatment, the one mapping.
 */
export function ublInvoice({ kind, snapshot, clientVatNumber }: UblInput): Invoice {
  const { company, client, document: d } = snapshot;
  const currency = (company.currency || 'GBP') as 'GBP';
  const money = (pence: number) => amount(pence);
  const lines = d.lines.map((l) => ({ ...l, vat: vatTreatment({ taxRateBp: d.taxRateBp }) }));
  const subtotals = VAT_CATEGORY_CODES.flatMap((code) => {
    const of = lines.filter((l) => l.vat.code === code);
    if (!of.length) return [];
    // One rate per document today: the document's VAT is this category's VAT.
    const taxable = of.reduce((s, l) => s + l.amountPence, 0);
    return [{ vat: of[0]!.vat, taxable, tax: code === 'S' ? d.taxPence : 0 }];
  });
  const issueDay = londonDay(d.createdAt);
  const bankAccount = company.bankIban ?? (company.bankSortCode && company.bankAccountNumber ? `${company.bankSortCode.replace(/\D/g, '')}${company.bankAccountNumber}` : null);

  const doc = {
    'cbc:CustomizationID': CUSTOMIZATION_ID,
    'cbc:ProfileID': PROFILE_ID,
    'cbc:ID': d.number,
    'cbc:IssueDate': issueDay,
    ...(kind === 'invoice' && d.dueDate ? { 'cbc:DueDate': d.dueDate } : {}),
    'cbc:InvoiceTypeCode': kind === 'invoice' ? '380' : '381',
    ...(kind === 'credit_note' && d.reason ? { 'cbc:Note': [d.reason] } : {}),
    'cbc:DocumentCurrencyCode': currency,
    // Peppol requires a buyer reference or an order reference; the document number serves.
    'cbc:BuyerReference': d.invoiceNumber ?? d.number,
    ...(kind === 'credit_note' && d.invoiceNumber
      ? {
          'cac:BillingReference': [
            { 'cac:InvoiceDocumentReference': { 'cbc:ID': d.invoiceNumber, ...(d.invoiceCreatedAt ? { 'cbc:IssueDate': londonDay(d.invoiceCreatedAt) } : {}) } },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cbc:EndpointID': company.email,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PostalAddress': postalAddress(company.address),
        ...(company.vatNumber ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': company.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': company.name },
        'cac:Contact': { 'cbc:ElectronicMail': company.email, ...(company.phone ? { 'cbc:Telephone': company.phone } : {}) },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        'cbc:EndpointID': client.email,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PostalAddress': postalAddress(client.address),
        ...(clientVatNumber ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': clientVatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': client.name },
        'cac:Contact': { 'cbc:ElectronicMail': client.email },
      },
    },
    // UK VAT: the time of supply is the issue date (also what CII's required delivery block carries).
    'cac:Delivery': { 'cbc:ActualDeliveryDate': issueDay },
    ...(bankAccount
      ? {
          'cac:PaymentMeans': [
            {
              'cbc:PaymentMeansCode': '30',
              'cbc:PaymentID': d.invoiceNumber ?? d.number,
              'cac:PayeeFinancialAccount': {
                'cbc:ID': bankAccount.replace(/\s/g, ''),
                ...(company.bankAccountName ? { 'cbc:Name': company.bankAccountName } : {}),
                ...(company.bankSwift ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': company.bankSwift } } : {}),
              },
            },
          ],
        }
      : {}),
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': money(d.taxPence),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxSubtotal': subtotals.map((s) => ({
          'cbc:TaxableAmount': money(s.taxable),
          'cbc:TaxableAmount@currencyID': currency,
          'cbc:TaxAmount': money(s.tax),
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxCategory': taxCategory(s.vat),
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(d.subtotalPence),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cbc:TaxExclusiveAmount': money(d.subtotalPence),
      'cbc:TaxExclusiveAmount@currencyID': currency,
      'cbc:TaxInclusiveAmount': money(d.totalPence),
      'cbc:TaxInclusiveAmount@currencyID': currency,
      'cbc:PayableAmount': money(d.totalPence),
      'cbc:PayableAmount@currencyID': currency,
    },
    'cac:InvoiceLine': lines.map((l, i) => ({
      'cbc:ID': String(i + 1),
      'cbc:InvoicedQuantity': String(milliToQuantity(l.quantityMilli)),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      'cbc:LineExtensionAmount': money(l.amountPence),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cac:Item': { 'cbc:Name': l.description.slice(0, 200), 'cac:ClassifiedTaxCategory': taxCategory(l.vat) },
      'cac:Price': { 'cbc:PriceAmount': money(l.unitPricePence), 'cbc:PriceAmount@currencyID': currency },
    })),
  };
  return { 'ubl:Invoice': doc } as unknown as Invoice;
}
