import { penceToPounds } from '@docket/schemas/money';
import type { TAgedBuckets } from '@docket/schemas/reports';
import type { AgedPence } from './reports.repository.ts';

/** Aged buckets in pence as the answers show them, in pounds. */
export const agedPounds = (p: AgedPence): TAgedBuckets => ({
  current: penceToPounds(p.current),
  days1to30: penceToPounds(p.days1to30),
  days31to60: penceToPounds(p.days31to60),
  days61to90: penceToPounds(p.days61to90),
  over90: penceToPounds(p.over90),
  total: penceToPounds(p.total),
});
