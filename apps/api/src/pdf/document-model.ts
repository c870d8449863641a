import { LATE_PAYMENT_NOTICE_TEXT } from '@docket/schemas/late-payment';
import { CURRENCIES, DEFAULT_DUE_DAYS, QUOTE_VALID_DAYS, type TCurrencyCode } from '@docket/schemas/constants';
import { formatPence } from '@docket/schemas/money';
import { watermarkFor, type TWatermark } from '@docket/schemas/lifecycle';
import { computeTotals, type TFixedVat } from '@docket/schemas/totals';
import { documentFigures, type TBalanceEntry, type TFigureRow } from '@docket/schemas/document-figures';
import { VAT_RATES, type TLineKind, type TVatCode } from '@docket/schemas/vat';
import { addDays, londonDay } from '../lib/clock.ts';
import { termsWithPaymentDays } from '@docket/schemas/company';

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
  /**
   * subtotal, one VAT row per rate charged (`vat` is the first, the only one before per-line VAT), the total; then (CIS) the deduction and the amount
   * due; then `outside`: information not in the total (reverse-charge VAT per rate) and its legend.
   */
  totals: {
    subtotal: PdfLabelled;
    vat: PdfLabelled;
    vatRows: PdfLabelled[];
    total: PdfLabelled;
    afterTotal: PdfLabelled[];
    /** heading of `outside`, null when there is nothing outside the total */
    outsideHeading: string | null;
    outside: PdfLabelled[];
    legend: string | null;
  };
  /** invoices only; empty when no bank field is set */
  bank: PdfLabelled[];
  /** invoices only: 'Payment due by 22 December 2026' */
  paymentDue: string | null;
  /**
   * invoices with a balance whose business takes payments online: the pay page's short link,
   * printed beside its QR code (docs/product.md, "Payments from the link")
   */
  payOnline: { line: string; url: string } | null;
  terms: string | null;
  /** accepted quotes: 'Accepted by {name} on {date}' and the drawn signature (PNG bytes) */
  acceptance: { line: string; signature: Buffer | null } | null;
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
  /** key of REVERSE_CHARGE_WORDINGS; absent in snapshots made before it existed */
  reverseChargeWording?: string | null;
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
  /** printed on reverse-charge documents; absent in snapshots made before it was kept */
  vatNumber?: string | null;
}

export interface PdfLineSource {
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  amountPence: number;
  /** per-line VAT (docs/product.md, "VAT per line"); absent in older snapshots = the document's rate */
  vat?: TVatCode | null;
  kind?: TLineKind | null;
  discountBp?: number;
  unit?: string | null;
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
  /** invoices with a CIS deduction (docs/product.md, "CIS") */
  cisRateBp?: number | null;
  /** VAT per code the document fixes instead of net x rate (a final invoice, its whole credit) */
  fixedVat?: readonly TFixedVat[] | null;
  /** VOID invoices: printed with the VOID mark */
  voidReason?: string | null;
  /** issued invoices: payments received and credit notes issued to date (printed below the total) */
  balance?: { payments: readonly TBalanceEntry[]; credits: readonly TBalanceEntry[] } | null;
  /** not printed: names `balance` in the kept PDF's live key (previews/issued-live-key.ts) */
  balanceKey?: string;
  /** credit notes: the invoice they correct, and why */
  invoiceNumber?: string;
  invoiceCreatedAt?: Date;
  reason?: string;
  /** approved quotes accepted through the client link */
  acceptance?: { name: string; signedAt: Date; signature: Buffer | null } | null;
  /** issued invoices while the business takes payments online: the pay page's short link (live, never frozen) */
  payUrl?: string | null;
  /** not printed: name `payUrl` in the kept PDF's live key (previews/issued-live-key.ts) */
  payOn?: boolean;
  payCode?: string | null;
}

/** A document's PDF file name: its number with anything unsafe in a file name as '_'. */
export const pdfFileName = (number: string): string => `${number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

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

/** Whole days from one YYYY-MM-DD to another. */
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function buildDocumentModel(company: PdfCompanySource, client: PdfClientSource, doc: PdfDocumentSource): PdfDocumentModel {
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

  // A company that is not VAT registered prints no registration line.
  const vatLine = vatNumber ? `VAT registration number ${vatNumber}` : null;
  const vat = vatSummary(company, doc, symbol);
  const clientVat = vat.reverseCharge && client.vatNumber?.trim() ? [`VAT number ${client.vatNumber.trim()}`] : [];
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
    fileName: pdfFileName(doc.number),
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
      lines: [...splitLines(client.address), ...present(client.email, client.phone), ...clientVat, ...siteAddressLines(doc.siteAddress)],
    },
    meta,
    columns: { description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', vatRate: 'VAT', amount: 'Net amount' },
    lines: doc.lines.map((l) => ({
      description: l.discountBp ? `${l.description} (less ${formatRate(l.discountBp)} discount)` : l.description,
      quantity: l.unit ? `${formatQuantity(l.quantityMilli)} ${l.unit}` : formatQuantity(l.quantityMilli),
      unitPrice: money(l.unitPricePence),
      // Reverse-charge lines are marked 'RC' (explained by the legend under the totals).
      vatRate: l.vat ? VAT_RATES[l.vat].label : rate,
      amount: signed(l.amountPence),
    })),
    totals: vat.totals,
    bank,
    paymentDue: isInvoice && doc.status !== 'VOID' && !vat.paidInFull ? `Payment due by ${formatDay(dueDay!)}` : null,
    payOnline:
      isInvoice && doc.payUrl && doc.status !== 'VOID' && doc.status !== 'DRAFT' && doc.status !== 'PAID' && !vat.paidInFull
        ? { line: 'Pay by card or bank: scan the code with your phone, or open the link below.', url: doc.payUrl }
        : null,
    // docs/product.md, "Payment terms": the days from issue to due date, unless the terms text says them.
    terms: isCredit ? null : termsWithPaymentDays(company.terms?.trim() || null, isInvoice && doc.status !== 'VOID' ? daysFrom(issueDay, dueDay!) : null),
    acceptance:
      doc.kind === 'quote' && doc.acceptance
        ? {
            line: `Accepted by ${doc.acceptance.name} on ${formatDay(londonDay(doc.acceptance.signedAt))}`,
            signature: doc.acceptance.signature && doc.acceptance.signature.length > 0 ? doc.acceptance.signature : null,
          }
        : null,
    footer: [companyName, vatLine].filter(Boolean).join('  ·  '),
  };
}

/**
 * The totals block from the one figure model (docs/product.md, "One figure model"): one VAT row
 * per rate charged; reverse-charge VAT per rate outside the total with HMRC's legend; the CIS
 * deduction and amount due after the total; an issued invoice's payments and credit notes to date
 * and its balance (or 'Paid in full') below that. A document without per-line VAT prints as before.
 */
function vatSummary(
  company: PdfCompanySource,
  doc: PdfDocumentSource,
  symbol: string,
): { totals: PdfDocumentModel['totals']; reverseCharge: boolean; paidInFull: boolean } {
  const isInvoice = doc.kind === 'invoice';
  const t = computeTotals(doc.lines, doc.taxRateBp, { cisRateBp: isInvoice ? (doc.cisRateBp ?? null) : null, fixedVat: doc.fixedVat ?? null });
  // The stored figures are the record: the computed ones only add the per-rate detail.
  const f = documentFigures({
    kind: doc.kind,
    status: doc.status,
    symbol,
    taxRateBp: doc.taxRateBp,
    totals: { ...t, subtotal: doc.subtotalPence, taxAmount: doc.taxPence, total: doc.totalPence, amountDue: doc.totalPence - (t.cis?.deduction ?? 0) },
    perLine: doc.lines.some((l) => l.vat),
    reverseChargeWording: company.reverseChargeWording,
    balance: isInvoice ? (doc.balance ?? null) : null,
  });
  const labelled = (r: TFigureRow): PdfLabelled => ({ label: r.label, value: r.text });
  const vatRows = f.vatRows.map(labelled);
  const totals: PdfDocumentModel['totals'] = {
    subtotal: labelled(f.subtotal),
    vat: vatRows[0]!,
    vatRows,
    total: labelled(f.total),
    afterTotal: [...f.afterTotal, ...f.balance, ...(f.due ? [f.due] : [])].map(labelled),
    outsideHeading: f.outsideHeading,
    outside: f.outside.map(labelled),
    legend: f.legend,
  };
  return { totals, reverseCharge: f.outside.length > 0, paidInFull: f.paidInFull };
}
