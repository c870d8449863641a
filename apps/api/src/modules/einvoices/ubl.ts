import type { Invoice } from '@e-invoice-eu/core';
import { londonDay } from '../../lib/clock.ts';
import { divRoundHalfUp, milliToQuantity } from '@docket/schemas/money';
import { computeTotals } from '@docket/schemas/totals';
import { DEFAULT_REVERSE_CHARGE_WORDING, REVERSE_CHARGE_WORDINGS, VAT_MESSAGES, type TReverseChargeWording } from '@docket/schemas/vat';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import { PEPPOL_UK_VAT_SCHEME, ukVatPeppolValue, type TPeppolId } from '@docket/schemas/peppol';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';
import { VAT_CATEGORY_CODES, vatTreatment, type VatTreatment } from '../documents/vat-category.ts';

/** Peppol BIS Billing 3.0 (EN 16931) identifiers. */
const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** Factur-X 1.07.3 EN 16931 profile: the CII's GuidelineSpecifiedDocumentContextParameter (FX-SCH-A-000026). */
export const FACTURX_GUIDELINE_ID = 'urn:cen.eu:en16931:2017';

const amount = (pence: number) => {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const percent = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');
const londonDayOf = (iso: string) => londonDay(new Date(iso));

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

/** UN/ECE Rec 20 unit codes for the units people type; anything else is a unit (C62). */
const UNIT_CODES: Record<string, string> = {
  hour: 'HUR',
  hours: 'HUR',
  hr: 'HUR',
  hrs: 'HUR',
  m: 'MTR',
  metre: 'MTR',
  metres: 'MTR',
  meter: 'MTR',
  meters: 'MTR',
};
const unitCode = (unit: string | null | undefined) => UNIT_CODES[(unit ?? '').trim().toLowerCase()] ?? 'C62';

/** A VAT category: the breakdown's carries the exemption reason, a line's does not (UBL-CR-601). */
function taxCategory(t: VatTreatment, withReason: boolean) {
  return {
    'cbc:ID': t.code,
    // BR-O-05 / BR-O-10: "Not subject to VAT" has no rate.
    ...(t.code === 'O' ? {} : { 'cbc:Percent': percent(t.rateBp) }),
    ...(withReason && t.exemption?.code ? { 'cbc:TaxExemptionReasonCode': t.exemption.code } : {}),
    ...(withReason && t.exemption ? { 'cbc:TaxExemptionReason': t.exemption.reason } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' as const },
  };
}

/** A party's Peppol electronic address (BT-34 / BT-49). */
export interface Endpoint {
  scheme: string;
  value: string;
}

/**
 * The party's own Peppol participant id, else its UK VAT number under scheme 9932, else none.
 * Never an email (scheme EM is not in Peppol's list, PEPPOL-EN16931-CL008).
 */
export function endpointOf(peppolId: TPeppolId | null, vatNumber: string | null | undefined): Endpoint | null {
  if (peppolId) return peppolId;
  const vat = ukVatPeppolValue(vatNumber);
  return vat ? { scheme: PEPPOL_UK_VAT_SCHEME, value: vat } : null;
}

export interface UblInput {
  kind: 'invoice' | 'credit_note';
  /** UBL (Peppol BIS 3) or the CII of Factur-X EN 16931: they differ in the specification id and the endpoints */
  syntax: 'UBL' | 'CII';
  snapshot: DocumentSnapshot;
  clientVatNumber: string | null;
  /** the parties' Peppol ids now (snapshots predate them); null when none */
  sellerPeppolId: TPeppolId | null;
  buyerPeppolId: TPeppolId | null;
}

/** Why this document cannot be an EN 16931 e-invoice in this syntax (a 409's message), or null when it can. */
export function einvoiceRefusal({ syntax, snapshot, clientVatNumber, sellerPeppolId, buyerPeppolId }: Omit<UblInput, 'kind'>): string | null {
  const codes = new Set(snapshot.document.lines.map((l) => vatTreatment({ vat: l.vat, taxRateBp: snapshot.document.taxRateBp }).code));
  // BR-O-11..14: an invoice with an O breakdown has no other breakdown.
  if (codes.has('O') && codes.size > 1) return EINVOICE_MESSAGES.outsideScopeMixed;
  // BR-CO-26: the seller is identified by its VAT number or (where an O invoice may not name it) an identifier.
  if (!snapshot.company.vatNumber && !sellerPeppolId) return EINVOICE_MESSAGES.sellerUnidentified;
  if (syntax === 'UBL') {
    // PEPPOL-EN16931-R020 / R010: both parties need an electronic address.
    if (!endpointOf(sellerPeppolId, snapshot.company.vatNumber)) return EINVOICE_MESSAGES.sellerNoEndpoint;
    if (!endpointOf(buyerPeppolId, clientVatNumber)) return EINVOICE_MESSAGES.buyerNoEndpoint;
  }
  return null;
}

/** BT-29 for an invoice that may not name the seller's VAT number: the Peppol id (its scheme when it is an ISO 6523 ICD, BR-CL-10), else the VAT number. */
function sellerIdentifier(peppolId: TPeppolId | null, vatNumber: string | null | undefined) {
  if (peppolId && !peppolId.scheme.startsWith('99')) return { 'cbc:ID': peppolId.value, 'cbc:ID@schemeID': peppolId.scheme };
  const id = vatNumber ?? peppolId?.value;
  return id ? { 'cbc:ID': id } : null;
}

/** A VAT identifier as EN 16931 wants it (BR-CO-09: the country prefix in capitals): a UK one in its 9932 form, others without spaces. */
const vatIdentifier = (v: string | null | undefined) => (v ? (ukVatPeppolValue(v) ?? v.replace(/\s/g, '').toUpperCase()) : null);

/** At most `max` characters, never cutting a character in two. */
const clip = (s: string, max: number) => Array.from(s).slice(0, max).join('');

/**
 * The EN 16931 document in @e-invoice-eu/core's internal form (UBL element names as keys), from
 * what the issued document froze: the same figures its PDF prints. One VAT breakdown per
 * category; line categories from vatTreatment, the one mapping.
 */
export function ublInvoice({ kind, syntax, snapshot, clientVatNumber, sellerPeppolId, buyerPeppolId }: UblInput): Invoice {
  const { company, client, document: d } = snapshot;
  const currency = (company.currency || 'GBP') as 'GBP';
  const money = (pence: number) => amount(pence);
  const shown = (pence: number) => (currency === 'GBP' ? `£${amount(pence)}` : `${amount(pence)} ${currency}`);
  // The API's and the PDF's one totals function on the frozen lines: VAT once per rate, half-up.
  // CIS is an invoice's only, as on its PDF.
  const totals = computeTotals(d.lines, d.taxRateBp, { cisRateBp: kind === 'invoice' ? (d.cisRateBp ?? null) : null, fixedVat: d.fixedVat ?? null });
  const treatments = d.lines.map((l) => vatTreatment({ vat: l.vat, taxRateBp: d.taxRateBp }));
  // Outside-the-scope lines beside other categories never get here (einvoiceRefusal).
  const allOutsideScope = treatments.every((t) => t.code === 'O');
  const lines = d.lines.map((l, i) => ({ ...l, amountPence: totals.lineAmounts[i]!, vat: treatments[i]! }));
  // One subtotal per category and rate (BR-CO-18); the two reverse-charge rates share AE at 0%.
  // A subtotal's VAT is its groups' VAT as computeTotals rounded it; reverse charge is not charged.
  const subtotals: { vat: VatTreatment; taxable: number; tax: number }[] = [];
  for (const g of totals.vatBreakdown) {
    const vat = vatTreatment({ vat: g.vat, taxRateBp: d.taxRateBp });
    const same = subtotals.find((s) => s.vat.code === vat.code && s.vat.rateBp === vat.rateBp && s.vat.exemption?.reason === vat.exemption?.reason);
    const tax = g.reverseCharge ? 0 : g.vatAmount;
    if (same) {
      same.taxable += g.net;
      same.tax += tax;
    } else subtotals.push({ vat, taxable: g.net, tax });
  }
  subtotals.sort((a, b) => VAT_CATEGORY_CODES.indexOf(a.vat.code) - VAT_CATEGORY_CODES.indexOf(b.vat.code) || b.vat.rateBp - a.vat.rateBp);
  // BR-O-02: an all-outside-the-scope invoice names no VAT number.
  const sellerVat = allOutsideScope ? null : vatIdentifier(company.vatNumber);
  const buyerVat = allOutsideScope ? null : vatIdentifier(clientVatNumber);
  // BR-CO-26: without the VAT number, the seller identifier names the seller.
  const sellerId = sellerVat ? null : sellerIdentifier(sellerPeppolId, vatIdentifier(company.vatNumber));
  const sellerEndpoint = endpointOf(sellerPeppolId, company.vatNumber);
  const buyerEndpoint = endpointOf(buyerPeppolId, clientVatNumber);
  const deduction = totals.cis?.deduction ?? 0;
  const wording =
    REVERSE_CHARGE_WORDINGS[(company.reverseChargeWording ?? DEFAULT_REVERSE_CHARGE_WORDING) as TReverseChargeWording] ??
    REVERSE_CHARGE_WORDINGS[DEFAULT_REVERSE_CHARGE_WORDING];
  // Peppol allows one document note (PEPPOL-EN16931-R002): the credit reason, the reverse-charge
  // legend and the CIS deduction, as the PDF prints them.
  const notes = [
    kind === 'credit_note' ? d.reason : undefined,
    totals.vatBreakdown.some((g) => g.reverseCharge)
      ? kind === 'credit_note'
        ? VAT_MESSAGES.creditNoteReverseCharge(shown(totals.reverseChargeVat))
        : wording
      : undefined,
    totals.cis
      ? `CIS deduction ${shown(deduction)} (${percent(totals.cis.rateBp)}% of labour ${shown(totals.cis.labourNet)}), withheld by the contractor for HMRC and shown as paid; amount due ${shown(totals.amountDue)}`
      : undefined,
  ].filter((n): n is string => Boolean(n));
  const issueDay = londonDayOf(d.createdAt);
  const bankAccount =
    company.bankIban ?? (company.bankSortCode && company.bankAccountNumber ? `${company.bankSortCode.replace(/\D/g, '')}${company.bankAccountNumber}` : null);

  const doc = {
    'cbc:CustomizationID': syntax === 'UBL' ? CUSTOMIZATION_ID : FACTURX_GUIDELINE_ID,
    'cbc:ProfileID': PROFILE_ID,
    'cbc:ID': d.number,
    'cbc:IssueDate': issueDay,
    ...(kind === 'invoice' && d.dueDate ? { 'cbc:DueDate': d.dueDate } : {}),
    'cbc:InvoiceTypeCode': kind === 'invoice' ? '380' : '381',
    ...(notes.length ? { 'cbc:Note': [notes.join('\n')] } : {}),
    'cbc:DocumentCurrencyCode': currency,
    // Peppol requires a buyer reference or an order reference; the document number serves.
    'cbc:BuyerReference': d.invoiceNumber ?? d.number,
    ...(kind === 'credit_note' && d.invoiceNumber
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': d.invoiceNumber,
                ...(d.invoiceCreatedAt ? { 'cbc:IssueDate': londonDayOf(d.invoiceCreatedAt) } : {}),
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        ...(sellerEndpoint ? { 'cbc:EndpointID': sellerEndpoint.value, 'cbc:EndpointID@schemeID': sellerEndpoint.scheme } : {}),
        ...(sellerId ? { 'cac:PartyIdentification': [sellerId] } : {}),
        'cac:PostalAddress': postalAddress(company.address),
        ...(sellerVat ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': sellerVat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': company.name },
        'cac:Contact': { 'cbc:ElectronicMail': company.email, ...(company.phone ? { 'cbc:Telephone': company.phone } : {}) },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        ...(buyerEndpoint ? { 'cbc:EndpointID': buyerEndpoint.value, 'cbc:EndpointID@schemeID': buyerEndpoint.scheme } : {}),
        'cac:PostalAddress': postalAddress(client.address),
        ...(buyerVat ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyerVat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': client.name },
        // A client may have no email (a homeowner): an empty ElectronicMail breaks PEPPOL-EN16931-R008
        // (no empty elements), so the contact is left out; EN 16931 does not require it.
        ...(client.email ? { 'cac:Contact': { 'cbc:ElectronicMail': client.email } } : {}),
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
        'cbc:TaxAmount': money(totals.taxAmount),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxSubtotal': subtotals.map((s) => ({
          'cbc:TaxableAmount': money(s.taxable),
          'cbc:TaxableAmount@currencyID': currency,
          'cbc:TaxAmount': money(s.tax),
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxCategory': taxCategory(s.vat, true),
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(totals.subtotal),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cbc:TaxExclusiveAmount': money(totals.subtotal),
      'cbc:TaxExclusiveAmount@currencyID': currency,
      'cbc:TaxInclusiveAmount': money(totals.total),
      'cbc:TaxInclusiveAmount@currencyID': currency,
      // CIS: the contractor pays the deduction to HMRC for the subcontractor; BT-113 carries it so
      // BT-115 is what the client pays (docs/product.md, "E-invoices").
      ...(deduction ? { 'cbc:PrepaidAmount': money(deduction), 'cbc:PrepaidAmount@currencyID': currency } : {}),
      'cbc:PayableAmount': money(totals.amountDue),
      'cbc:PayableAmount@currencyID': currency,
    },
    'cac:InvoiceLine': lines.map((l, i) => {
      // A discount is a line allowance: gross (quantity x price, to the penny) less it is the line net.
      const gross = Number(divRoundHalfUp(BigInt(l.quantityMilli) * BigInt(l.unitPricePence), 1000n));
      const allowance = gross - l.amountPence;
      // BR-27: an item's net price is never negative, so a deduction ("Less deposit …", a final
      // invoice's earlier invoices) is a negative quantity at a positive price: the same line net.
      const negative = l.unitPricePence < 0;
      return {
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(milliToQuantity(negative ? -l.quantityMilli : l.quantityMilli)),
        'cbc:InvoicedQuantity@unitCode': unitCode(l.unit),
        'cbc:LineExtensionAmount': money(l.amountPence),
        'cbc:LineExtensionAmount@currencyID': currency,
        ...(l.discountBp && allowance > 0
          ? {
              'cac:AllowanceCharge': [
                {
                  'cbc:ChargeIndicator': 'false',
                  'cbc:AllowanceChargeReasonCode': '95',
                  'cbc:AllowanceChargeReason': `Discount ${percent(l.discountBp)}%`,
                  'cbc:Amount': money(allowance),
                  'cbc:Amount@currencyID': currency,
                },
              ],
            }
          : {}),
        'cac:Item': { 'cbc:Name': clip(l.description, 200), 'cac:ClassifiedTaxCategory': taxCategory(l.vat, false) },
        'cac:Price': { 'cbc:PriceAmount': money(Math.abs(l.unitPricePence)), 'cbc:PriceAmount@currencyID': currency },
      };
    }),
  };
  return { 'ubl:Invoice': doc } as unknown as Invoice;
}
