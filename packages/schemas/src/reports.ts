import { z } from 'zod';
import { ZDay, isIsoDate } from './common.ts';
import { VAT_CODES, VAT_SCHEMES } from './vat.ts';

/** Aged debtors buckets by days past due, in screen order (docs/product.md, "Aged debtors"). */
export const AGED_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type TAgedBucket = (typeof AGED_BUCKETS)[number];
export const AGED_BUCKET_LABELS: Record<TAgedBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};
/** Upper bound (inclusive, days past due) of each bucket; the last has none. Due today is current. */
export const AGED_BUCKET_UPPER_DAYS: Record<TAgedBucket, number | null> = {
  current: 0,
  days1to30: 30,
  days31to60: 60,
  days61to90: 90,
  over90: null,
};

export const ZAgedDebtorsQuery = z.object({
  asOf: z.string({ error: 'asOf must be a date (YYYY-MM-DD)' }).refine(isIsoDate, 'asOf must be a date (YYYY-MM-DD)').optional(),
});

const ZBuckets = {
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
  total: z.number(),
};
export const ZAgedBuckets = z.strictObject(ZBuckets);
export type TAgedBuckets = z.infer<typeof ZAgedBuckets>;
export const ZAgedDebtorsRow = z.strictObject({ clientId: z.uuid(), clientName: z.string(), ...ZBuckets });
export type TAgedDebtorsRow = z.infer<typeof ZAgedDebtorsRow>;
export const ZAgedDebtors = z.strictObject({ asOf: ZDay, rows: z.array(ZAgedDebtorsRow), totals: ZAgedBuckets });
export type TAgedDebtors = z.infer<typeof ZAgedDebtors>;

const VAT_DATE_MESSAGE = (field: string) => `${field} must be a date (YYYY-MM-DD)`;
/** GET /reports/vat (docs/product.md, "VAT return figures"). basis defaults to the company's VAT scheme. */
export const ZVatReportQuery = z
  .object({
    from: z.string({ error: VAT_DATE_MESSAGE('from') }).refine(isIsoDate, VAT_DATE_MESSAGE('from')),
    to: z.string({ error: VAT_DATE_MESSAGE('to') }).refine(isIsoDate, VAT_DATE_MESSAGE('to')),
    basis: z.enum(VAT_SCHEMES, { error: 'basis must be invoice or cash' }).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must be on or before to', path: ['to'] });
export type TVatReportQuery = z.output<typeof ZVatReportQuery>;

/** One rate's figures in the period (pounds); credit notes already taken off. */
const ZVatReportRate = z.strictObject({
  vat: z.enum(VAT_CODES).nullable(),
  rate: z.number(),
  reverseCharge: z.boolean(),
  net: z.number(),
  vatAmount: z.number(),
});
export const ZVatReport = z.strictObject({
  from: ZDay,
  to: ZDay,
  basis: z.enum(VAT_SCHEMES),
  /** VAT due on sales (reverse-charge VAT excluded), after credit notes */
  box1: z.number(),
  /** sales excluding VAT (zero-rated, exempt and reverse-charge included; outside the scope excluded), after credit notes */
  box6: z.number(),
  byRate: z.array(ZVatReportRate),
  /** net of reverse-charge sales (in box 6, no VAT in box 1) */
  reverseChargeNet: z.number(),
  /** what credit notes in the period took off (negative or zero), already in box 1 and box 6 */
  creditNoteAdjustments: z.strictObject({ net: z.number(), vatAmount: z.number() }),
  /** VAT due on acquisitions from the EU (Northern Ireland goods only): always 0 here */
  box2: z.number(),
  /** box 1 + box 2 */
  box3: z.number(),
  /** VAT reclaimed on purchases (expenses), reverse-charge purchases' VAT included */
  box4: z.number(),
  /** box 3 - box 4: to pay when positive, to reclaim when negative */
  box5: z.number(),
  /** purchases excluding VAT (outside-the-scope spending left out) */
  box7: z.number(),
  /** supplies of goods to and acquisitions from the EU (Northern Ireland only): always 0 here */
  box8: z.number(),
  box9: z.number(),
  /** VAT on reverse-charge purchases: in box 1 as due and in box 4 as reclaimed */
  reverseChargePurchasesVat: z.number(),
  /** every expense that contributes */
  purchases: z.array(
    z.strictObject({
      id: z.uuid(),
      date: ZDay,
      supplier: z.string(),
      vat: z.string(),
      reverseCharge: z.boolean(),
      net: z.number(),
      vatAmount: z.number(),
    }),
  ),
  /** every document that contributes, with its share of each rate */
  documents: z.array(
    z.strictObject({
      kind: z.enum(['invoice', 'credit_note', 'payment']),
      id: z.uuid(),
      /** the invoice a payment was for, or the document itself */
      invoiceId: z.uuid(),
      number: z.string(),
      date: ZDay,
      clientName: z.string(),
      vat: z.enum(VAT_CODES).nullable(),
      net: z.number(),
      vatAmount: z.number(),
    }),
  ),
});
export type TVatReport = z.infer<typeof ZVatReport>;

/**
 * The UK tax year that holds `day`: 2026 is 6 April 2026 to 5 April 2027 (docs/product.md,
 * "Profit and loss" and "CIS deductions suffered").
 */
export const taxYearOf = (day: string): number => {
  const y = Number(day.slice(0, 4));
  return day.slice(5) >= '04-06' ? y : y - 1;
};
export const taxYearRange = (taxYear: number): { from: string; to: string } => ({ from: `${taxYear}-04-06`, to: `${taxYear + 1}-04-05` });

/**
 * The Income Tax update periods of a tax year, cumulative from 6 April as HMRC's quarterly updates
 * are: [label, from, to]. The fourth is the whole tax year.
 */
export function incomeTaxQuarters(taxYear: number): [string, string, string][] {
  const from = `${taxYear}-04-06`;
  const short = `${String(taxYear).slice(2)}/${String(taxYear + 1).slice(2)}`;
  return [
    [`Q1 ${short} (6 Apr to 5 Jul ${taxYear})`, from, `${taxYear}-07-05`],
    [`Q2 ${short} (6 Apr to 5 Oct ${taxYear})`, from, `${taxYear}-10-05`],
    [`Q3 ${short} (6 Apr ${taxYear} to 5 Jan ${taxYear + 1})`, from, `${taxYear + 1}-01-05`],
    [`Tax year ${short} (6 Apr ${taxYear} to 5 Apr ${taxYear + 1})`, from, `${taxYear + 1}-04-05`],
  ];
}

/**
 * The tax months of a tax year: month 1 is 6 April to 5 May, month 12 is 6 March to 5 April
 * (CIS returns and statements run on them).
 */
export function taxMonths(taxYear: number): { month: number; from: string; to: string }[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((3 + i) % 12) + 1; // April = 4 for i = 0
    const y = taxYear + (m < 4 ? 1 : 0);
    const next = (m % 12) + 1;
    const ny = taxYear + (next < 4 || (next === 4 && i === 11) ? 1 : 0);
    return { month: i + 1, from: `${y}-${pad(m)}-06`, to: `${ny}-${pad(next)}-05` };
  });
}

export const REPORT_FORMATS = ['json', 'csv'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_MESSAGES = {
  from: 'from must be a date (YYYY-MM-DD)',
  to: 'to must be a date (YYYY-MM-DD)',
  order: 'from must be on or before to',
  basis: 'basis must be invoice or cash',
  format: 'format must be json or csv',
  taxYear: 'taxYear must be a year such as 2026 (the tax year 6 April 2026 to 5 April 2027)',
} as const;

const reportDay = (message: string) => z.string({ error: message }).refine(isIsoDate, message);
const reportFormat = z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format }).optional();

/** GET /reports/profit-and-loss?from&to&basis&format: unknown keys are refused. */
export const ZProfitAndLossQuery = z
  .strictObject({
    from: reportDay(REPORT_MESSAGES.from),
    to: reportDay(REPORT_MESSAGES.to),
    basis: z.enum(VAT_SCHEMES, { error: REPORT_MESSAGES.basis }).optional(),
    format: reportFormat,
  })
  .refine((q) => q.from <= q.to, { message: REPORT_MESSAGES.order, path: ['to'] });
export type TProfitAndLossQuery = z.output<typeof ZProfitAndLossQuery>;

/** GET /reports/cis?taxYear&format: unknown keys are refused. */
export const ZCisReportQuery = z.strictObject({
  taxYear: z
    .string({ error: REPORT_MESSAGES.taxYear })
    .regex(/^\d{4}$/, REPORT_MESSAGES.taxYear)
    .transform(Number)
    .refine((y) => y >= 2000 && y <= 2099, REPORT_MESSAGES.taxYear),
  format: reportFormat,
});
export type TCisReportQuery = z.output<typeof ZCisReportQuery>;

/** Profit and loss for a period (pounds): income net of VAT, expenses by HMRC heading. */
export const ZProfitAndLoss = z.strictObject({
  from: ZDay,
  to: ZDay,
  basis: z.enum(VAT_SCHEMES),
  /** the company has a VAT number: expenses count net (their VAT is reclaimed); else at their total */
  vatRegistered: z.boolean(),
  income: z.strictObject({
    /** invoices (invoice basis) or payments received (cash basis), net of VAT */
    sales: z.number(),
    /** credit notes dated in the period, net (negative or zero; always 0 on the cash basis) */
    creditNotes: z.number(),
    total: z.number(),
  }),
  expenses: z.array(z.strictObject({ category: z.string(), name: z.string(), allowable: z.boolean(), count: z.number().int(), amount: z.number() })),
  allowableExpenses: z.number(),
  disallowableExpenses: z.number(),
  totalExpenses: z.number(),
  /** income - every expense */
  netProfit: z.number(),
  /** income - allowable expenses (what Income Tax is worked out from, before adjustments) */
  taxableProfit: z.number(),
});
export type TProfitAndLoss = z.infer<typeof ZProfitAndLoss>;

const ZCisFigures = { gross: z.number(), labour: z.number(), materials: z.number(), deducted: z.number() };
/** CIS deductions suffered in a tax year (pounds), per contractor and tax month, by the day paid. */
export const ZCisReport = z.strictObject({
  taxYear: z.number().int(),
  from: ZDay,
  to: ZDay,
  rows: z.array(
    z.strictObject({
      clientId: z.uuid(),
      clientName: z.string(),
      /** 1 = 6 April to 5 May */
      taxMonth: z.number().int(),
      monthFrom: ZDay,
      monthTo: ZDay,
      payments: z.number().int(),
      ...ZCisFigures,
    }),
  ),
  contractors: z.array(z.strictObject({ clientId: z.uuid(), clientName: z.string(), ...ZCisFigures })),
  totals: z.strictObject(ZCisFigures),
});
export type TCisReport = z.infer<typeof ZCisReport>;
