import { LATE_PAYMENT_NOTICE_TEXT } from '@docket/schemas/late-payment';
import { CURRENCIES, DEFAULT_DUE_DAYS, QUOTE_VALID_DAYS, type TCurrencyCode } from '@docket/schemas/constants';
import { formatPence } from '@docket/schemas/money';
import { watermarkFor, type TWatermark } from '@docket/schemas/lifecycle';
import { addDays, londonDay } from '../lib/clock.ts';

/**
 * Everything a PDF shows, already formatted. Templates only lay these strings out, so the
 * content rules (which fields, which labels, which dates, money format) live here alone.
 */
export type PdfKind = 'quote' | 'invoice' | 'credit_note';

export interface PdfLabelled {
  label: string;
  value: string;
}

export interface PdfLine {
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  amount: string;
}

export interface PdfDocumentModel {
  kind: PdfKind;
  title: 'QUOTE' | 'INVOICE' | 'CREDIT NOTE';
  /** the title in sentence case, for templates that set it so */
  heading: 'Quote' | 'Invoice' | 'Credit note';
  number: string;
  /** when the document was made: also the PDF's CreationDate, so one document always renders to the same bytes */
  createdAt?: Date;
  fileName: string;
  watermark: TWatermark | null;
  /** a boxed line above the terms: why a credit note was issued, or why an invoice is void */
  notice: string | null;
  company: {
    name: string;
    addressLines: string[];
    /** email, phone, website (those set) */
    contactLines: string[];
    vatNumber: string | null;
    /** 'VAT registration number GB123456789' or null */
    vatLine: string | null;
    logo: Buffer | null;
  };
  client: { heading: string; name: string; lines: string[] };
  /** number, issue date, then (invoice) tax point and due date or (quote) valid until */
  meta: PdfLabelled[];
  columns: { description: string; quantity: string; unitPrice: string; vatRate: string; amount: string };
  lines: PdfLine[];
  totals: { subtotal: PdfLabelled; vat: PdfLabelled; total: PdfLabelled };
  /** invoices only; empty when no bank field is set */
  bank: PdfLabelled[];
  /** invoices only: 'Payment due by 22 December 2026' */
  paymentDue: string | null;
  terms: string | null;
  footer: string;
}

export interface PdfCompanySource {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  website: string | null;
  vatNumber: string | null;
  terms: string | null;
  currency: string;
  logo: Buffer | null;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  bankSortCode: string | null;
  bankIban: string | null;
  bankSwift: string | null;
}

export interface PdfClientSource {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
}

export interface PdfLineSource {
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  amountPence: number;
}

export interface PdfDocumentSource {
  kind: PdfKind;
  number: string;
  /** stored status; OVERDUE may be passed in already derived */
  status: string;
  createdAt: Date;
  /** 'YYYY-MM-DD', invoices only */
  dueDate?: string | null;
  taxRateBp: number;
  subtotalPence: number;
  taxPence: number;
  totalPence: number;
  lines: PdfLineSource[];
  /** the job's address, printed under the client as 'Site address' */
  siteAddress?: string | null;
  /** invoices of business clients while the company's late-payment notice is on (docs/product.md, "Late payment") */
  latePaymentNotice?: boolean;
  /** VOID invoices: printed with the VOID mark */
  voidReason?: string | null;
  /** credit notes: the invoice they correct, and why */
  invoiceNumber?: string;
  invoiceCreatedAt?: Date;
  reason?: string;
}

/** 'Site address: 1 Mill Lane, Leeds' (one line, whatever the template), or nothing. */
const siteAddressLines = (site: string | null | undefined): string[] => {
  const parts = splitLines(site ?? null);
  return parts.length ? [`Site address: ${parts.join(', ')}`] : [];
};

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM-DD' -> '22 November 2026' */
export const formatDay = (day: string): string => longDate.format(new Date(`${day}T00:00:00Z`));

const quantityFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
export const formatQuantity = (milli: number): string => quantityFormat.format(milli / 1000);

const percentFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
export const formatRate = (bp: number): string => `${percentFormat.format(bp / 100)}%`;

/** Line breaks and stray whitespace from text areas become tidy lines. */
const splitLines = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const present = (...values: Array<string | null | undefined>): string[] =>
  values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());

function currencySymbol(code: string): string {
  return code in CURRENCIES ? CURRENCIES[code as TCurrencyCode].symbol : CURRENCIES.GBP.symbol;
}

export function buildDocumentModel(
  company: PdfCompanySource,
  client: PdfClientSource,
  doc: PdfDocumentSource,
): PdfDocumentModel {
  const symbol = currencySymbol(company.currency);
  const money = (pence: number) => formatPence(pence, symbol);
  const rate = formatRate(doc.taxRateBp);
  const issueDay = londonDay(doc.createdAt);
  const isInvoice = doc.kind === 'invoice';
  const isCredit = doc.kind === 'credit_note';
  // A credit note's amounts are reductions of the invoice it corrects.
  const signed = (pence: number) => (isCredit ? money(-pence) : money(pence));
  const dueDay = isInvoice ? (doc.dueDate ?? addDays(issueDay, DEFAULT_DUE_DAYS)) : null;
  const vatNumber = company.vatNumber?.trim() || null;

  const meta: PdfLabelled[] = [
    { label: isInvoice ? 'Invoice number' : isCredit ? 'Credit note number' : 'Quote number', value: doc.number },
    { label: 'Issue date', value: formatDay(issueDay) },
  ];
  if (isCredit) {
    meta.push({ label: 'Original invoice', value: doc.invoiceNumber ?? '' });
    if (doc.invoiceCreatedAt) meta.push({ label: 'Invoice date', value: formatDay(londonDay(doc.invoiceCreatedAt)) });
  } else if (isInvoice) {
    // UK VAT: the time of supply is the issue date for these documents.
    meta.push({ label: 'Tax point', value: formatDay(issueDay) });
    meta.push({ label: 'Due date', value: formatDay(dueDay!) });
  } else {
    meta.push({ label: 'Valid until', value: formatDay(addDays(issueDay, QUOTE_VALID_DAYS)) });
  }

  const bank: PdfLabelled[] = isInvoice
    ? [
        { label: 'Bank', value: company.bankName },
        { label: 'Account name', value: company.bankAccountName },
        { label: 'Account number', value: company.bankAccountNumber },
        { label: 'Sort code', value: company.bankSortCode },
        { label: 'IBAN', value: company.bankIban },
        { label: 'SWIFT/BIC', value: company.bankSwift },
      ]
        .filter((b): b is PdfLabelled => typeof b.value === 'string' && b.value.trim() !== '')
        .map((b) => ({ label: b.label, value: b.value.trim() }))
    : [];

  const vatLine = vatNumber ? `VAT registration number ${vatNumber}` : null;
  const companyName = company.name.trim();
  const notice = isCredit
    ? `Reason for credit: ${doc.reason ?? ''}`
    : isInvoice && doc.status === 'VOID'
      ? `This invoice is void${doc.voidReason ? `: ${doc.voidReason}` : '.'}`
      : isInvoice && doc.latePaymentNotice
        ? LATE_PAYMENT_NOTICE_TEXT
        : null;
  return {
    kind: doc.kind,
    title: isInvoice ? 'INVOICE' : isCredit ? 'CREDIT NOTE' : 'QUOTE',
    heading: isInvoice ? 'Invoice' : isCredit ? 'Credit note' : 'Quote',
    number: doc.number,
    createdAt: doc.createdAt,
    fileName: `${doc.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
    watermark: doc.kind === 'credit_note' ? null : watermarkFor(doc.kind, doc.status),
    notice,
    company: {
      name: companyName,
      addressLines: splitLines(company.address),
      contactLines: present(company.email, company.phone, company.website),
      vatNumber,
      vatLine,
      logo: company.logo && company.logo.length > 0 ? company.logo : null,
    },
    client: {
      heading: isInvoice || isCredit ? 'Bill to' : 'Prepared for',
      name: client.name.trim(),
      lines: [...splitLines(client.address), ...present(client.email, client.phone), ...siteAddressLines(doc.siteAddress)],
    },
    meta,
    columns: { description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', vatRate: 'VAT', amount: 'Net amount' },
    lines: doc.lines.map((l) => ({
      description: l.description,
      quantity: formatQuantity(l.quantityMilli),
      unitPrice: money(l.unitPricePence),
      vatRate: rate,
      amount: signed(l.amountPence),
    })),
    totals: isCredit
      ? {
          subtotal: { label: 'Subtotal credited (excl. VAT)', value: signed(doc.subtotalPence) },
          vat: { label: `VAT credited at ${rate}`, value: signed(doc.taxPence) },
          total: { label: 'Total credited', value: signed(doc.totalPence) },
        }
      : {
          subtotal: { label: 'Subtotal (excl. VAT)', value: money(doc.subtotalPence) },
          vat: { label: `VAT at ${rate}`, value: money(doc.taxPence) },
          // A void invoice asks for nothing.
          total: { label: isInvoice && doc.status !== 'VOID' ? 'Total due' : 'Total', value: money(doc.totalPence) },
        },
    bank,
    paymentDue: isInvoice && doc.status !== 'VOID' ? `Payment due by ${formatDay(dueDay!)}` : null,
    terms: isCredit ? null : company.terms?.trim() || null,
    footer: [companyName, vatLine].filter(Boolean).join('  ·  '),
  };
}
