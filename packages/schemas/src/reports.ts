import { z } from 'zod';
import { ZDay, isIsoDate } from './common.ts';

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
