import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_CODES,
  expensePence,
  type TExpenseCategory,
  type TExpenseVat,
  type ZExpenseRequest,
} from '@docket/schemas/expense';
import { divRoundHalfUp, formatPence, poundsToPence } from '@docket/schemas/money';
import type { z } from 'zod';
import { squash, type Picked, type Row } from './dialects.ts';

/**
 * Expenses from Docket's own export, Xero's bills (the bill import and export layout: one row a
 * line), QuickBooks Online's expense list and FreeAgent's expenses (docs/data-transfer.md,
 * "Expense imports"). Headers are squashed as in dialects.ts.
 */
export const EXPENSE_HEADERS = {
  date: ['date', 'invoicedate', 'datedon', 'txndate', 'transactiondate', 'expensedate'],
  supplier: ['supplier', 'contactname', 'payee', 'vendor', 'suppliername', 'contact', 'merchant'],
  description: ['description', 'memo', 'memodescription', 'details', 'notes'],
  category: ['category', 'accountcode', 'account', 'expensecategory', 'accountname'],
  net: ['net', 'netamount', 'totalbeforevat', 'totalbeforesalestax', 'amountexvat', 'netvalue'],
  quantity: ['quantity'],
  unitAmount: ['unitamount'],
  discount: ['discount'],
  vatCode: ['vatcode', 'taxtype', 'taxcode', 'vatrate', 'salestaxrate', 'taxrate'],
  vatAmount: ['vat', 'vatamount', 'taxamount', 'salestaxvalue', 'salestax', 'vatvalue', 'salestaxamount'],
  gross: ['total', 'grossvalue', 'gross', 'totalvalue', 'amount', 'totalincvat'],
  paidFrom: ['paidfrom'],
  type: ['type'],
} as const;

/** Each header group's pick, plus `vat` (the code column) so a problem with a field names the file's column. */
export type ExpenseSource = Record<keyof typeof EXPENSE_HEADERS | 'vat', Picked>;

function pick(row: Row, original: ReadonlyMap<string, string>, headers: readonly string[]): Picked {
  for (const h of headers) {
    const v = row.get(h)?.trim();
    if (v) return { value: v, header: original.get(h) ?? h };
  }
  const present = headers.find((h) => row.has(h));
  return { value: null, header: present ? (original.get(present) ?? present) : null };
}

export function readExpense(row: Row, original: ReadonlyMap<string, string>): ExpenseSource {
  const out = {} as ExpenseSource;
  for (const [k, headers] of Object.entries(EXPENSE_HEADERS)) out[k as keyof ExpenseSource] = pick(row, original, headers);
  out.vat = out.vatCode;
  // the net comes from Xero's unit amount or a gross figure when there is no net column
  if (out.net.header === null) out.net = { value: out.net.value, header: out.unitAmount.header ?? out.gross.header };
  return out;
}

/** "31/01/2027", "1/2/2027" (UK day first, as all three products export), "2027-01-31" -> ISO; else as written. */
export function expenseDate(text: string | null): string {
  if (!text) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return text;
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return uk ? `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}` : text;
}

/** "£1,234.50", "(4.00)", "-4.00" -> a number (sign kept); anything else stays as written. */
function amountOf(text: string | null): number | string | undefined {
  if (text === null) return undefined;
  const negative = /^\(.*\)$/.test(text);
  const cleaned = text.replace(/[£,\s()]/g, '');
  const n = Number(cleaned);
  return cleaned !== '' && Number.isFinite(n) ? (negative ? -n : n) : text;
}

/** Xero's UK default chart of accounts, by code. */
const XERO_ACCOUNTS: Record<string, TExpenseCategory> = {
  '310': 'COST_OF_GOODS',
  '320': 'WAGES',
  '325': 'COST_OF_GOODS',
  '400': 'ADVERTISING',
  '404': 'BANK_CHARGES',
  '408': 'OTHER',
  '412': 'ACCOUNTANCY_LEGAL',
  '416': 'NOT_ALLOWABLE',
  '420': 'NOT_ALLOWABLE',
  '425': 'PHONE_STATIONERY',
  '429': 'OTHER',
  '433': 'RENT_RATES_POWER',
  '437': 'INTEREST',
  '441': 'ACCOUNTANCY_LEGAL',
  '445': 'RENT_RATES_POWER',
  '449': 'CAR_VAN_TRAVEL',
  '461': 'PHONE_STATIONERY',
  '463': 'PHONE_STATIONERY',
  '465': 'RENT_RATES_POWER',
  '469': 'RENT_RATES_POWER',
  '473': 'REPAIRS',
  '477': 'WAGES',
  '478': 'WAGES',
  '479': 'WAGES',
  '480': 'OTHER',
  '482': 'WAGES',
  '485': 'PHONE_STATIONERY',
  '489': 'PHONE_STATIONERY',
  '493': 'CAR_VAN_TRAVEL',
  '494': 'CAR_VAN_TRAVEL',
};

/**
 * Account and category names of Xero, QuickBooks and FreeAgent, by the words in them, first match
 * wins: entertaining and depreciation are never allowable, so they are looked for first.
 */
const CATEGORY_WORDS: [RegExp, TExpenseCategory][] = [
  [/entertain|depreciation|personal|drawings|fines?\b|penalt/, 'NOT_ALLOWABLE'],
  [/cost of (sales|goods)|materials|purchases|subcontract|direct (costs|expenses)|stock/, 'COST_OF_GOODS'],
  [/motor|vehicle|travel|fuel|mileage|accommodation|parking|subsistence|meals/, 'CAR_VAN_TRAVEL'],
  [/wage|salar|staff|employ|pension|director|payroll/, 'WAGES'],
  [/\brent|\brates\b|light|power|heat|utilit|insurance|premises|electric|\bgas\b|water/, 'RENT_RATES_POWER'],
  [/repair|maintenance|renewal|cleaning/, 'REPAIRS'],
  [/phone|internet|stationery|printing|postage|office|software|computer|subscription|\bit\b/, 'PHONE_STATIONERY'],
  [/advertis|marketing|promotion/, 'ADVERTISING'],
  [/interest/, 'INTEREST'],
  [/bank|finance charge|card (fees|charges)|merchant fees/, 'BANK_CHARGES'],
  [/bad debt|irrecoverable|written off/, 'IRRECOVERABLE_DEBTS'],
  [/accountan|legal|professional|consult|bookkeep/, 'ACCOUNTANCY_LEGAL'],
  [/general|sundry|other|misc|training|tools|equipment|protective|clothing/, 'OTHER'],
];

/** A category cell -> Docket's heading: its code, its name, a Xero account code, or words in an account name. */
export function expenseCategory(text: string | null): TExpenseCategory | string {
  if (!text) return '';
  const upper = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if ((EXPENSE_CATEGORY_CODES as readonly string[]).includes(upper)) return upper;
  const byName = EXPENSE_CATEGORY_CODES.find((c) => squash(EXPENSE_CATEGORIES[c].name) === squash(text));
  if (byName) return byName;
  const code = /^\d{3,4}\b/.exec(text.trim())?.[0];
  if (code && XERO_ACCOUNTS[code]) return XERO_ACCOUNTS[code];
  const words = text.toLowerCase();
  return CATEGORY_WORDS.find(([re]) => re.test(words))?.[1] ?? text;
}

/**
 * A VAT cell -> Docket's code: our codes, Xero's tax rate names ("20% (VAT on Expenses)",
 * "Reverse Charge Expenses (20%)", "Zero Rated Expenses", "Exempt Expenses", "No VAT"), a rate
 * as FreeAgent writes it ("20", "20%", "5", "0", "Auto"). null: not given (inferred from the amounts).
 */
export function expenseVatCode(text: string | null): TExpenseVat | string | null {
  if (!text || /^auto$/i.test(text.trim())) return null;
  const t = text.trim().toLowerCase();
  const upper = text.trim().toUpperCase();
  if (['STANDARD', 'REDUCED', 'ZERO', 'EXEMPT', 'OUTSIDE_SCOPE', 'RC_STANDARD', 'RC_REDUCED', 'NONE'].includes(upper)) return upper;
  if (/reverse charge/.test(t)) return /5%/.test(t) ? 'RC_REDUCED' : 'RC_STANDARD';
  if (/exempt/.test(t)) return 'EXEMPT';
  if (/zero|^0(\.0+)?%?$/.test(t)) return 'ZERO';
  if (/no vat|outside|out of scope|not reportable/.test(t)) return 'OUTSIDE_SCOPE';
  if (/^20(\.0+)?%?$|(^|[\s(])20%/.test(t)) return 'STANDARD';
  if (/^5(\.0+)?%?$|(^|[\s(])5%/.test(t)) return 'REDUCED';
  return text;
}

type ExpenseInput = Record<string, unknown>;

/**
 * The row as the expense form would be filled. Net: a net column, else Xero's quantity x unit
 * amount less discount, else the gross less the VAT. VAT: the file's amount, else worked out from
 * the code (a gross figure holds it: gross x rate / (100% + rate), half-up). Without a code, a VAT
 * amount of 20% or 5% of the net picks that rate; none at all means the supplier charged none.
 */
export function expenseInput(s: ExpenseSource): ExpenseInput {
  const vatCode = expenseVatCode(s.vatCode.value);
  const vatAmount = amountOf(s.vatAmount.value);
  const gross = amountOf(s.gross.value);
  let net: unknown = amountOf(s.net.value);
  if (net === undefined && s.unitAmount.value !== null) {
    const qty = s.quantity.value === null ? 1 : Number(s.quantity.value);
    const unit = amountOf(s.unitAmount.value);
    const discount = s.discount.value === null ? 0 : Number(s.discount.value.replace('%', ''));
    net =
      typeof unit === 'number' && Number.isFinite(qty) && Number.isFinite(discount)
        ? Number(divRoundHalfUp(BigInt(Math.round(qty * 1000)) * BigInt(poundsToPence(unit)) * BigInt(Math.round((100 - discount) * 100)), 10_000_000n)) / 100
        : s.unitAmount.value;
  }
  let code: unknown = vatCode;
  let vat: unknown = vatAmount;
  if (net === undefined && typeof gross === 'number') {
    if (typeof vatAmount === 'number') net = Math.round((gross - vatAmount) * 100) / 100;
    else {
      const rateBp = vatCode === 'STANDARD' ? 2000 : vatCode === 'REDUCED' ? 500 : 0;
      const vatPence = Number(divRoundHalfUp(BigInt(poundsToPence(gross)) * BigInt(rateBp), BigInt(10_000 + rateBp)));
      net = (poundsToPence(gross) - vatPence) / 100;
      vat = vatPence / 100;
    }
  }
  if (code === null) {
    const n = typeof net === 'number' ? poundsToPence(net) : 0;
    const v = typeof vat === 'number' ? poundsToPence(vat) : 0;
    code = v === 0 ? 'NONE' : v === Number(divRoundHalfUp(BigInt(n) * 500n, 10_000n)) ? 'REDUCED' : 'STANDARD';
  }
  // A code without a rate carries no VAT amount; a file's 0.00 there is not an error.
  if ((code === 'ZERO' || code === 'EXEMPT' || code === 'OUTSIDE_SCOPE' || code === 'NONE') && vat === 0) vat = undefined;
  return {
    date: expenseDate(s.date.value),
    supplier: s.supplier.value ?? s.description.value ?? '',
    description: s.description.value,
    category: expenseCategory(s.category.value),
    net,
    vat: code,
    vatAmount: vat,
    paidFrom: s.paidFrom.value ? s.paidFrom.value.toUpperCase() : undefined,
  };
}

export type ParsedExpense = z.output<typeof ZExpenseRequest>;

/** The duplicate key of an expense: its day, supplier and amounts (imports.repository.ts makes the same from the table). */
export const expenseKey = (date: string, supplier: string, netPence: number, vatPence: number) => `${date}|${supplier.toLowerCase()}|${netPence}|${vatPence}`;

export const expenseFields = (e: ParsedExpense) => {
  const { netPence, vatPence, totalPence } = expensePence(e);
  return {
    date: e.date,
    supplier: e.supplier,
    description: e.description ?? null,
    category: e.category,
    netPence,
    vat: e.vat,
    vatPence,
    totalPence,
    paidFrom: e.paidFrom ?? null,
  };
};

export const expensePreview = (e: ParsedExpense) => {
  const f = expenseFields(e);
  return {
    Date: f.date,
    Supplier: f.supplier,
    Category: EXPENSE_CATEGORIES[f.category].name,
    Net: formatPence(f.netPence),
    VAT: `${formatPence(f.vatPence)} (${f.vat})`,
    Total: formatPence(f.totalPence),
  };
};
