import { z } from 'zod';
import { MSG } from './messages.ts';
import { divRoundHalfUp, hasAtMostDecimals, poundsToPence } from './money.ts';
import { ZDay, ZListQuery, ZTimestamp, isIsoDate, optionalText, requiredText } from './common.ts';
import { VAT_CODES, VAT_RATES, type TVatCode } from './vat.ts';
import { PRICE_MAX } from './item.ts';

/**
 * HMRC's self-employment expense headings (SA103F boxes 17–30, in our words), each with whether it
 * is an allowable cost, so the totals can feed Income Tax updates (docs/product.md, "Expenses").
 */
export const EXPENSE_CATEGORIES = {
  COST_OF_GOODS: { name: 'Cost of goods (materials)', allowable: true },
  CAR_VAN_TRAVEL: { name: 'Car, van and travel', allowable: true },
  WAGES: { name: 'Wages and staff costs', allowable: true },
  RENT_RATES_POWER: { name: 'Rent, rates, power and insurance', allowable: true },
  REPAIRS: { name: 'Repairs and maintenance', allowable: true },
  PHONE_STATIONERY: { name: 'Phone, internet, stationery and office', allowable: true },
  ADVERTISING: { name: 'Advertising and entertainment', allowable: true },
  INTEREST: { name: 'Interest on loans', allowable: true },
  BANK_CHARGES: { name: 'Bank and card charges', allowable: true },
  IRRECOVERABLE_DEBTS: { name: 'Irrecoverable debts written off', allowable: true },
  ACCOUNTANCY_LEGAL: { name: 'Accountancy and legal fees', allowable: true },
  OTHER: { name: 'Other business expenses', allowable: true },
  // Client entertaining and personal spending are recorded but never allowable.
  NOT_ALLOWABLE: { name: 'Not allowable (personal, entertaining)', allowable: false },
} as const;
export type TExpenseCategory = keyof typeof EXPENSE_CATEGORIES;
export const EXPENSE_CATEGORY_CODES = Object.keys(EXPENSE_CATEGORIES) as [TExpenseCategory, ...TExpenseCategory[]];

/** Invoice lines' VAT codes plus NONE (a supplier not registered for VAT: nothing to reclaim). */
export const EXPENSE_VAT_CODES = [...VAT_CODES, 'NONE'] as const;
export type TExpenseVat = (typeof EXPENSE_VAT_CODES)[number];

export const PAID_FROM = ['BANK', 'CASH', 'CARD'] as const;
export type TPaidFrom = (typeof PAID_FROM)[number];

export const EXPENSE_MESSAGES = {
  date: 'Date must be a valid date (YYYY-MM-DD)',
  supplier: 'Supplier is required',
  category: 'Category must be one of the expense headings, such as COST_OF_GOODS or CAR_VAN_TRAVEL',
  vat: `VAT must be one of ${EXPENSE_VAT_CODES.join(', ')}`,
  net: 'Net must be an amount in pounds, 0 or more, with at most 2 decimals',
  vatAmount: 'VAT amount must be an amount in pounds, 0 or more, with at most 2 decimals',
  vatAmountNotAllowed: 'VAT amount must be 0 when the expense has no VAT to reclaim',
  paidFrom: `Paid from must be one of ${PAID_FROM.join(', ')}`,
  receiptType: 'Receipt must be a JPEG or PNG photo, or a PDF',
  receiptSize: 'Receipt must be 10 MB or smaller',
  receiptPdf: 'Receipt is not a readable PDF',
  range: 'from must be on or before to',
} as const;

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

const pounds = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(PRICE_MAX, message)
    .refine((v) => hasAtMostDecimals(v, 2), message);

/** The rate an expense's VAT code carries; NONE and codes without a rate reclaim nothing. */
export const expenseRateBp = (vat: TExpenseVat): number => (vat === 'NONE' ? 0 : VAT_RATES[vat as TVatCode].rateBp);
export const isReverseChargeExpense = (vat: TExpenseVat) => vat !== 'NONE' && VAT_RATES[vat as TVatCode].reverseCharge;

/** vatAmount when it is not given: net x rate, half-up, in pence. */
export const defaultExpenseVatPence = (netPence: number, vat: TExpenseVat) => Number(divRoundHalfUp(BigInt(netPence) * BigInt(expenseRateBp(vat)), 10000n));

/**
 * What the business paid: net plus VAT, except for reverse-charge purchases, where the supplier
 * charged no VAT and the buyer accounts for it on both sides of the return.
 */
export const expenseTotalPence = (netPence: number, vatPence: number, vat: TExpenseVat) => (isReverseChargeExpense(vat) ? netPence : netPence + vatPence);

export const ZExpenseRequest = z
  .strictObject({
    date: z.string({ error: EXPENSE_MESSAGES.date }).refine(isIsoDate, EXPENSE_MESSAGES.date),
    supplier: requiredText(EXPENSE_MESSAGES.supplier, 200, 'Supplier'),
    description: optionalText(2000, 'Description'),
    category: z.enum(EXPENSE_CATEGORY_CODES, { error: EXPENSE_MESSAGES.category }),
    net: pounds(EXPENSE_MESSAGES.net),
    vat: z.enum(EXPENSE_VAT_CODES, { error: EXPENSE_MESSAGES.vat }),
    vatAmount: pounds(EXPENSE_MESSAGES.vatAmount).nullish(),
    paidFrom: z.enum(PAID_FROM, { error: EXPENSE_MESSAGES.paidFrom }).nullish(),
    clientId: z.uuid({ error: MSG.invalidId }).nullish(),
  })
  .refine((e) => !e.vatAmount || expenseRateBp(e.vat) > 0, { message: EXPENSE_MESSAGES.vatAmountNotAllowed, path: ['vatAmount'] });
export type TExpenseRequest = z.input<typeof ZExpenseRequest>;

/** The expense's figures in pence, with vatAmount defaulted (net x rate, half-up). */
export function expensePence(e: Pick<z.output<typeof ZExpenseRequest>, 'net' | 'vat' | 'vatAmount'>) {
  const netPence = poundsToPence(e.net);
  const vatPence = e.vatAmount === null || e.vatAmount === undefined ? defaultExpenseVatPence(netPence, e.vat) : poundsToPence(e.vatAmount);
  return { netPence, vatPence, totalPence: expenseTotalPence(netPence, vatPence, e.vat) };
}

const day = (name: string) =>
  z
    .string({ error: `${name} must be YYYY-MM-DD` })
    .refine(isIsoDate, `${name} must be YYYY-MM-DD`)
    .optional();
export const ZExpenseListQuery = ZListQuery.extend({
  from: day('from'),
  to: day('to'),
  category: z.enum(EXPENSE_CATEGORY_CODES, { error: EXPENSE_MESSAGES.category }).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: EXPENSE_MESSAGES.range, path: ['to'] });
export type TExpenseListQuery = z.output<typeof ZExpenseListQuery>;

export const ZExpense = z.strictObject({
  id: z.uuid(),
  date: ZDay,
  supplier: z.string(),
  description: z.string().nullable(),
  category: z.enum(EXPENSE_CATEGORY_CODES),
  allowable: z.boolean(),
  /** pounds */
  net: z.number(),
  vat: z.enum(EXPENSE_VAT_CODES),
  vatAmount: z.number(),
  total: z.number(),
  paidFrom: z.enum(PAID_FROM).nullable(),
  clientId: z.uuid().nullable(),
  receipt: z.strictObject({ mimeType: z.string(), bytes: z.number().int() }).nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TExpense = z.infer<typeof ZExpense>;

/**
 * The money paid split into net and VAT at the code's rate (net = total / (1 + rate), half-up;
 * VAT the rest), for the phone form and saved rules, where the user knows only what left the bank.
 * A reverse-charge purchase has no VAT in what was paid: the total is the net, and the VAT is
 * worked out on it as for any expense (vatAmount left to the server's default).
 */
export function expenseFromTotal(totalPence: number, vat: TExpenseVat): { net: number; vatAmount: number | null } {
  const rate = expenseRateBp(vat);
  if (rate === 0 || isReverseChargeExpense(vat)) return { net: totalPence / 100, vatAmount: null };
  const netPence = Number(divRoundHalfUp(BigInt(totalPence) * 10000n, BigInt(10000 + rate)));
  return { net: netPence / 100, vatAmount: (totalPence - netPence) / 100 };
}

/** The phone form (docs/product.md, "Expenses"): the total as paid, not the net; split on save with expenseFromTotal. */
export const ZExpenseEntry = z.strictObject({
  date: ZExpenseRequest.shape.date,
  supplier: ZExpenseRequest.shape.supplier,
  description: ZExpenseRequest.shape.description,
  category: ZExpenseRequest.shape.category,
  vat: ZExpenseRequest.shape.vat,
  paidFrom: ZExpenseRequest.shape.paidFrom,
  total: pounds('Total must be an amount in pounds, 0 or more, with at most 2 decimals'),
});
export type TExpenseEntry = z.input<typeof ZExpenseEntry>;

export const expenseEntryToRequest = (e: z.output<typeof ZExpenseEntry>): TExpenseRequest => {
  const { total, ...rest } = e;
  return { ...rest, ...expenseFromTotal(Math.round(total * 100), e.vat) };
};

/** The VAT choices of an expense in the user's words, in screen order (docs/product.md, "Expenses"). */
export const EXPENSE_VAT_CHOICES: { value: TExpenseVat; label: string }[] = [
  { value: 'STANDARD', label: '20% VAT' },
  { value: 'REDUCED', label: '5% VAT' },
  { value: 'ZERO', label: '0% VAT (zero rated)' },
  { value: 'EXEMPT', label: 'VAT exempt' },
  { value: 'NONE', label: 'No VAT (supplier not VAT registered)' },
  { value: 'RC_STANDARD', label: 'Reverse charge received (20%)' },
  { value: 'RC_REDUCED', label: 'Reverse charge received (5%)' },
  { value: 'OUTSIDE_SCOPE', label: 'Outside the scope of VAT' },
];
export const expenseVatLabel = (vat: TExpenseVat) => EXPENSE_VAT_CHOICES.find((o) => o.value === vat)?.label ?? vat;
