import { formatPence, poundsToPence, percentToBasisPoints } from './money.ts';
import type { TTotalsInPence, TVatGroup } from './totals.ts';
import { DEFAULT_REVERSE_CHARGE_WORDING, REVERSE_CHARGE_WORDINGS, VAT_MESSAGES, vatCodeForRate, type TReverseChargeWording } from './vat.ts';

/**
 * The one figure model (docs/product.md, "One figure model"): what a quote, invoice or credit note
 * shows under its lines, as labelled, formatted rows. The PDF, the document page, the customer's
 * link and the email all read these rows, so they cannot say different things.
 */
export type TFigureKind = 'quote' | 'invoice' | 'credit_note';

export interface TFigureRow {
  label: string;
  pence: number;
  /** the amount as printed: '£1,234.50', '−£288.00' for a deduction, '-£10.14' for a credited amount */
  text: string;
}

export interface TBalanceEntry {
  /** 'Payment received 3 December 2026', 'Credit note CN0002' */
  label: string;
  pence: number;
}

export interface TDocumentFiguresInput {
  kind: TFigureKind;
  /** the stored or derived status (VOID invoices ask for nothing) */
  status: string;
  symbol: string;
  /** the document's rate, basis points (a document without per-line VAT prints one VAT row at it) */
  taxRateBp: number;
  /** from computeTotals (or the answer's figures, `totalsFromAnswer`) */
  totals: TTotalsInPence;
  /** true when any line carries its own VAT code */
  perLine: boolean;
  reverseChargeWording?: string | null;
  /**
   * Issued invoices: payments received and credit notes issued to date, in the order to print.
   * Absent (drafts, quotes, credit notes): no balance block.
   */
  balance?: { payments: readonly TBalanceEntry[]; credits: readonly TBalanceEntry[] } | null;
}

export interface TDocumentFigures {
  subtotal: TFigureRow;
  vatRows: TFigureRow[];
  total: TFigureRow;
  /** CIS: the deduction and the amount due after it */
  afterTotal: TFigureRow[];
  outsideHeading: string | null;
  /** reverse-charge VAT per rate: information, never in the total */
  outside: TFigureRow[];
  legend: string | null;
  /** payments and credit notes to date (issued invoices), each a negative amount */
  balance: TFigureRow[];
  /** what the customer owes now: 'Balance due' after payments or credits, 'Paid in full' at nothing left; null for quotes, credit notes, void invoices */
  due: TFigureRow | null;
  /** what the customer owes now in pence (0 for quotes' and credit notes' purposes: their total) */
  amountDuePence: number;
  paidInFull: boolean;
}

export const OUTSIDE_TOTAL_HEADING = 'VAT the customer accounts for (not included in the total)';
const MINUS = '\u2212';

const rateText = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
/** 2000 -> '20%' */
export const formatRateBp = (bp: number): string => `${rateText.format(bp / 100)}%`;

/** The rows under a document's lines (see the type). */
export function documentFigures(input: TDocumentFiguresInput): TDocumentFigures {
  const { kind, status, symbol, totals: t } = input;
  const money = (pence: number) => formatPence(pence, symbol);
  const isCredit = kind === 'credit_note';
  const isInvoice = kind === 'invoice';
  const isVoid = isInvoice && status === 'VOID';
  // A credit note's amounts are reductions of the invoice it corrects.
  const signed = (pence: number) => (isCredit ? money(-pence) : money(pence));
  const row = (label: string, pence: number, text = signed(pence)): TFigureRow => ({ label, pence, text });
  const credited = isCredit ? ' credited' : '';
  const charged = t.vatBreakdown.filter((g) => !g.reverseCharge && g.rateBp > 0);
  const vatRows: TFigureRow[] = !input.perLine
    ? [row(`VAT${credited} at ${formatRateBp(input.taxRateBp)}`, t.taxAmount)]
    : charged.length === 0
      ? [row(`VAT${credited}`, 0)]
      : charged.map((g) => row(`VAT${credited} at ${formatRateBp(g.rateBp)} on ${money(g.net)}`, g.vatAmount));
  const rc = t.vatBreakdown.filter((g) => g.reverseCharge);
  const outside = rc.map((g) => row(`Reverse charge VAT at ${formatRateBp(g.rateBp)} on ${money(g.net)}`, g.vatAmount, money(g.vatAmount)));
  const wording =
    REVERSE_CHARGE_WORDINGS[(input.reverseChargeWording ?? DEFAULT_REVERSE_CHARGE_WORDING) as TReverseChargeWording] ??
    REVERSE_CHARGE_WORDINGS[DEFAULT_REVERSE_CHARGE_WORDING];
  const legend = rc.length === 0 ? null : isCredit ? VAT_MESSAGES.creditNoteReverseCharge(money(t.reverseChargeVat)) : wording;

  const afterTotal: TFigureRow[] = [];
  if (isInvoice && t.cis && !isVoid) {
    afterTotal.push(
      row(`CIS deduction (${formatRateBp(t.cis.rateBp)} of labour ${money(t.cis.labourNet)})`, -t.cis.deduction, `${MINUS}${money(t.cis.deduction)}`),
    );
    afterTotal.push(row('Amount due', t.amountDue));
  }
  const owedBefore = isInvoice && t.cis ? t.amountDue : t.total;
  const entries = isInvoice && !isVoid && input.balance ? [...input.balance.payments, ...input.balance.credits] : [];
  const balance = entries.map((e) => row(e.label, -e.pence, `${MINUS}${money(e.pence)}`));
  const left = Math.max(0, owedBefore - entries.reduce((sum, e) => sum + e.pence, 0));
  const paidInFull = entries.length > 0 && left === 0;
  const due = !isInvoice || isVoid || entries.length === 0 ? null : paidInFull ? row('Paid in full', 0) : row('Balance due', left);
  const totalLabel = isCredit ? 'Total credited' : isInvoice && !isVoid && afterTotal.length === 0 && entries.length === 0 ? 'Total due' : 'Total';
  return {
    subtotal: row(isCredit ? 'Subtotal credited (excl. VAT)' : 'Subtotal (excl. VAT)', t.subtotal),
    vatRows,
    total: row(totalLabel, t.total),
    afterTotal,
    outsideHeading: outside.length ? OUTSIDE_TOTAL_HEADING : null,
    outside,
    legend,
    balance,
    due,
    amountDuePence: isVoid ? 0 : entries.length ? left : owedBefore,
    paidInFull,
  };
}

/** Every row in reading order, as 'label value' lines: what a page, a PDF and an email print. */
export function figureLines(f: TDocumentFigures): string[] {
  const rows = [f.subtotal, ...f.vatRows, f.total, ...f.afterTotal, ...f.balance, ...(f.due ? [f.due] : []), ...f.outside];
  return [...rows.map((r) => `${r.label} ${r.text}`), ...(f.legend ? [f.legend] : [])];
}

/** The figures of a document as the API answers them (pounds), as the figure model reads them. */
export interface TAnswerFigures {
  /** percent */
  tax: number;
  subtotal: number;
  taxAmount: number;
  total: number;
  lineItems: readonly { quantity: number; unitPrice: number; vat?: string | null; discountPercent?: number | null }[];
  vatBreakdown?: readonly { vat: string | null; rate: number; net: number; vatAmount: number; reverseCharge: boolean }[];
  reverseChargeVat?: number;
  cis?: { labourNet: number; rate: number; deduction: number };
  amountDue?: number;
}

/**
 * The totals of a document from its answer: the server computed them with the one totals
 * function (fixed VAT of a final invoice included), so the screens take them as they are.
 */
export function totalsFromAnswer(a: TAnswerFigures): TTotalsInPence {
  const p = poundsToPence;
  const rateBp = percentToBasisPoints(a.tax);
  const vatBreakdown: TVatGroup[] = a.vatBreakdown
    ? a.vatBreakdown.map((g) => ({
        vat: g.vat as TVatGroup['vat'],
        rateBp: percentToBasisPoints(g.rate),
        net: p(g.net),
        vatAmount: p(g.vatAmount),
        reverseCharge: g.reverseCharge,
      }))
    : [{ vat: vatCodeForRate(rateBp), rateBp, net: p(a.subtotal), vatAmount: p(a.taxAmount), reverseCharge: false }];
  const total = p(a.total);
  const cis = a.cis ? { labourNet: p(a.cis.labourNet), rateBp: percentToBasisPoints(a.cis.rate), deduction: p(a.cis.deduction) } : null;
  return {
    lineAmounts: [],
    subtotal: p(a.subtotal),
    taxAmount: p(a.taxAmount),
    total,
    vatBreakdown,
    reverseChargeVat: p(a.reverseChargeVat ?? 0),
    cis,
    amountDue: cis ? total - cis.deduction : total,
  };
}

/** True when any line carries its own VAT code (then VAT prints per rate). */
export const hasPerLineVat = (lines: readonly { vat?: string | null }[]): boolean => lines.some((l) => Boolean(l.vat));

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An invoice's payments and credit notes as the balance block lists them (pounds as answered). */
export function balanceFromAnswer(inv: {
  payments: readonly { date: string; amount: number }[];
  creditNotes: readonly { creditNoteNumber: string; total: number }[];
}): { payments: TBalanceEntry[]; credits: TBalanceEntry[] } {
  return {
    payments: inv.payments.map((x) => paymentEntry(x.date, poundsToPence(x.amount))),
    credits: inv.creditNotes.map((c) => creditEntry(c.creditNoteNumber, poundsToPence(c.total))),
  };
}

/** 'Payment received 3 December 2026' */
export const paymentEntry = (day: string, pence: number): TBalanceEntry => ({
  label: `Payment received ${longDate.format(new Date(`${day.slice(0, 10)}T00:00:00Z`))}`,
  pence,
});
/** 'Credit note CN0002' */
export const creditEntry = (number: string, pence: number): TBalanceEntry => ({ label: `Credit note ${number}`, pence });

/** An invoice answer's figures: issued invoices list their payments and credit notes and what is left. */
export function invoiceFigures(
  inv: TAnswerFigures & {
    status: string;
    payments: readonly { date: string; amount: number }[];
    creditNotes: readonly { creditNoteNumber: string; total: number }[];
  },
  symbol: string,
  reverseChargeWording?: string | null,
): TDocumentFigures {
  return documentFigures({
    kind: 'invoice',
    status: inv.status,
    symbol,
    taxRateBp: percentToBasisPoints(inv.tax),
    totals: totalsFromAnswer(inv),
    perLine: hasPerLineVat(inv.lineItems),
    reverseChargeWording,
    balance: inv.status === 'DRAFT' ? null : balanceFromAnswer(inv),
  });
}

/** A quote's or credit note's figures from its answer. */
export function plainFigures(kind: 'quote' | 'credit_note', doc: TAnswerFigures, symbol: string, reverseChargeWording?: string | null): TDocumentFigures {
  return documentFigures({
    kind,
    status: 'ISSUED',
    symbol,
    taxRateBp: percentToBasisPoints(doc.tax),
    totals: totalsFromAnswer(doc),
    perLine: hasPerLineVat(doc.lineItems),
    reverseChargeWording,
  });
}
