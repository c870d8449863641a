import { QUOTE_VALID_DAYS } from '@docket/schemas/constants';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import { milliToQuantity, penceToPounds } from '@docket/schemas/money';
import type { TAcceptance, TPublicDocument, TVatBreakdownRow } from '@docket/schemas/share';
import { addDays, londonDay } from '../../lib/clock.ts';
import { toDataUrl } from '../../lib/image.ts';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';

/**
 * The VAT breakdown the client's page shows, from the document answer. Today a document has one
 * rate, so one row; when answers carry their own per-rate breakdown, this is the one place to follow it.
 */
export function vatBreakdownOf(doc: Pick<TQuote, 'tax' | 'subtotal' | 'taxAmount'>): TVatBreakdownRow[] {
  return [{ rate: doc.tax, net: doc.subtotal, vat: doc.taxAmount }];
}

const imageDataUrl = (bytes: Buffer | null) => (bytes && bytes.length > 0 ? toDataUrl(bytes, bytes[0] === 0x89 ? 'image/png' : 'image/jpeg') : null);

export function toAcceptanceDto(a: { name: string; signedAt: Date; signature: Buffer | null }): TAcceptance {
  return { name: a.name, signedAt: a.signedAt.toISOString(), signature: imageDataUrl(a.signature) };
}

export type SharedDocument = { kind: 'quote'; doc: TQuote } | { kind: 'invoice'; doc: TInvoice };

/**
 * What the customer may see and nothing more (docs/product.md, "Client links"): the company and
 * customer as the PDF prints them (frozen at issue), the document's lines and totals, and for
 * invoices how to pay. No ids, no user email, no other documents.
 */
export function toPublicDocument(
  shared: SharedDocument,
  parties: { snapshot: DocumentSnapshot; logo: Buffer | null },
  acceptance: TAcceptance | null,
): TPublicDocument {
  const { snapshot, logo } = parties;
  const c = snapshot.company;
  const doc = shared.doc;
  const issueDate = londonDay(new Date(doc.createdAt));
  const invoice = shared.kind === 'invoice' ? shared.doc : null;
  return {
    kind: shared.kind,
    number: shared.kind === 'quote' ? shared.doc.quoteNumber : shared.doc.invoiceNumber,
    status: doc.status,
    issueDate,
    validUntil: shared.kind === 'quote' ? addDays(issueDate, QUOTE_VALID_DAYS) : null,
    dueDate: invoice?.dueDate ?? null,
    currency: c.currency,
    company: { name: c.name, logo: imageDataUrl(logo), address: c.address, phone: c.phone, email: c.email, vatNumber: c.vatNumber },
    customer: { name: snapshot.client.name, address: snapshot.client.address },
    lines: snapshot.document.lines.map((l) => ({
      description: l.description,
      quantity: milliToQuantity(l.quantityMilli),
      unitPrice: penceToPounds(l.unitPricePence),
      amount: penceToPounds(l.amountPence),
    })),
    vatBreakdown: vatBreakdownOf(doc),
    subtotal: doc.subtotal,
    taxAmount: doc.taxAmount,
    total: doc.total,
    terms: c.terms,
    balanceDue: invoice ? invoice.balanceDue : null,
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
    paymentReference: invoice ? invoice.invoiceNumber : null,
    acceptance: shared.kind === 'quote' && shared.doc.status === 'APPROVED' ? acceptance : null,
  };
}
