import { invoiceNumberLabel } from '@docket/schemas/document';
import { CURRENCIES, QUOTE_VALID_DAYS, type TCurrencyCode } from '@docket/schemas/constants';
import { invoiceFigures } from '@docket/schemas/document-figures';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { TCreditNote } from '@docket/schemas/credit-note';
import { basisPointsToPercent, milliToQuantity, penceToPounds } from '@docket/schemas/money';
import { DEFAULT_REVERSE_CHARGE_WORDING, REVERSE_CHARGE_WORDINGS, VAT_RATES, type TReverseChargeWording } from '@docket/schemas/vat';
import type { TAcceptance, TPublicDocument, TVatBreakdownRow } from '@docket/schemas/share';
import { addDays, londonDay } from '../../lib/clock.ts';
import { toDataUrl } from '../../lib/image.ts';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';

/**
 * The VAT breakdown the client's page shows, from the document answer (docs/product.md, "VAT per
 * line"): one row per VAT treatment when lines carry their own, else one row at the document rate.
 */
export function vatBreakdownOf(doc: Pick<TQuote, 'tax' | 'subtotal' | 'taxAmount' | 'vatBreakdown'>): TVatBreakdownRow[] {
  if (!doc.vatBreakdown?.length) return [{ label: `VAT at ${doc.tax}%`, rate: doc.tax, net: doc.subtotal, vat: doc.taxAmount, reverseCharge: false }];
  return doc.vatBreakdown.map((g) => ({
    label: g.vat ? VAT_RATES[g.vat].name : `VAT at ${g.rate}%`,
    rate: g.rate,
    net: g.net,
    vat: g.vatAmount,
    reverseCharge: g.reverseCharge,
  }));
}

function reverseChargeLegend(wording: string | null | undefined): string {
  return (
    REVERSE_CHARGE_WORDINGS[(wording ?? DEFAULT_REVERSE_CHARGE_WORDING) as TReverseChargeWording] ?? REVERSE_CHARGE_WORDINGS[DEFAULT_REVERSE_CHARGE_WORDING]
  );
}

const imageDataUrl = (bytes: Buffer | null) => (bytes && bytes.length > 0 ? toDataUrl(bytes, bytes[0] === 0x89 ? 'image/png' : 'image/jpeg') : null);

export function toAcceptanceDto(a: { name: string; signedAt: Date; signature: Buffer | null }): TAcceptance {
  return { name: a.name, signedAt: a.signedAt.toISOString(), signature: imageDataUrl(a.signature) };
}

/** The balance block of the one figure model: what the PDF prints below the total. */
function balanceOf(invoice: TInvoice, currency: string, wording: string | null | undefined) {
  const symbol = currency in CURRENCIES ? CURRENCIES[currency as TCurrencyCode].symbol : CURRENCIES.GBP.symbol;
  const f = invoiceFigures(invoice, symbol, wording);
  return {
    balanceRows: [...f.balance, ...(f.due ? [f.due] : [])].map((r) => ({ label: r.label, text: r.text })),
    paidInFull: invoice.status !== 'VOID' && (f.paidInFull || (invoice.status === 'PAID' && invoice.balanceDue === 0)),
  };
}

export type SharedDocument = { kind: 'quote'; doc: TQuote } | { kind: 'invoice'; doc: TInvoice } | { kind: 'credit_note'; doc: TCreditNote };

/**
 * What the customer may see and nothing more (docs/product.md, "Client links"): the company and
 * customer as the PDF prints them (frozen at issue), the document's lines and totals, and for
 * invoices how to pay. No ids, no user email, no other documents.
 */
export function toPublicDocument(
  shared: SharedDocument,
  parties: { snapshot: DocumentSnapshot; logo: Buffer | null },
  acceptance: TAcceptance | null,
  version: number | null = null,
): TPublicDocument {
  const { snapshot, logo } = parties;
  const c = snapshot.company;
  const doc = shared.doc;
  const issueDate = londonDay(new Date(doc.createdAt));
  const invoice = shared.kind === 'invoice' ? shared.doc : null;
  const vatBreakdown = vatBreakdownOf(doc);
  return {
    kind: shared.kind,
    number:
      shared.kind === 'quote' ? shared.doc.quoteNumber : shared.kind === 'invoice' ? invoiceNumberLabel(shared.doc.invoiceNumber) : shared.doc.creditNoteNumber,
    status: shared.kind === 'credit_note' ? 'ISSUED' : shared.doc.status,
    issueDate,
    validUntil: shared.kind === 'quote' ? addDays(issueDate, QUOTE_VALID_DAYS) : null,
    dueDate: invoice?.dueDate ?? null,
    currency: c.currency,
    company: { name: c.name, logo: imageDataUrl(logo), address: c.address, phone: c.phone, email: c.email, vatNumber: c.vatNumber },
    customer: { name: snapshot.client.name, address: snapshot.client.address },
    siteAddress: snapshot.document.siteAddress ?? (shared.kind === 'credit_note' ? null : shared.doc.siteAddress) ?? null,
    lines: snapshot.document.lines.map((l) => ({
      description: l.description,
      quantity: milliToQuantity(l.quantityMilli),
      unitPrice: penceToPounds(l.unitPricePence),
      discountPercent: l.discountBp ? basisPointsToPercent(l.discountBp) : null,
      amount: penceToPounds(l.amountPence),
    })),
    vatBreakdown,
    reverseChargeLegend: vatBreakdown.some((r) => r.reverseCharge) ? reverseChargeLegend(c.reverseChargeWording) : null,
    subtotal: doc.subtotal,
    taxAmount: doc.taxAmount,
    total: doc.total,
    cis: invoice?.cis ?? null,
    amountDue: invoice ? (invoice.amountDue ?? invoice.total) : null,
    terms: c.terms,
    balanceDue: invoice ? invoice.balanceDue : null,
    ...(invoice ? balanceOf(invoice, c.currency, c.reverseChargeWording) : {}),
    bank: invoice
      ? {
          bankName: c.bankName,
          accountName: c.bankAccountName,
          accountNumber: c.bankAccountNumber,
          sortCode: c.bankSortCode,
          iban: c.bankIban,
          swift: c.bankSwift,
        }
      : null,
    paymentReference: invoice ? invoiceNumberLabel(invoice.invoiceNumber) : null,
    acceptance: shared.kind === 'quote' && shared.doc.status === 'APPROVED' ? acceptance : null,
    version: shared.kind === 'quote' ? version : null,
    creditNote: shared.kind === 'credit_note' ? { invoiceNumber: shared.doc.invoiceNumber, reason: shared.doc.reason } : null,
  };
}
