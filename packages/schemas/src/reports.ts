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
