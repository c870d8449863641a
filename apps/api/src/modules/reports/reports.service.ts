import { penceToPounds } from '@docket/schemas/money';
import { AGED_BUCKETS, type TAgedBuckets, type TAgedDebtors } from '@docket/schemas/reports';
import { londonDay, type Clock } from '../../lib/clock.ts';
import type { AgedPence, ReportsRepository } from './reports.repository.ts';

const zero = (): AgedPence => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 });
const toPounds = (p: AgedPence): TAgedBuckets => ({
  current: penceToPounds(p.current),
  days1to30: penceToPounds(p.days1to30),
  days31to60: penceToPounds(p.days31to60),
  days61to90: penceToPounds(p.days61to90),
  over90: penceToPounds(p.over90),
  total: penceToPounds(p.total),
});

export function createReportsService(repo: ReportsRepository, clock: Clock) {
  const agedPence = async (userId: string, asOf: string) => {
    const rows = await repo.agedDebtors(userId, asOf);
    const totals = zero();
    for (const r of rows) for (const k of [...AGED_BUCKETS, 'total'] as const) totals[k] += r[k];
    return { rows, totals };
  };
  return {
    async agedDebtors(userId: string, asOf?: string): Promise<TAgedDebtors> {
      const day = asOf ?? londonDay(clock());
      const { rows, totals } = await agedPence(userId, day);
      return { asOf: day, rows: rows.map((r) => ({ clientId: r.clientId, clientName: r.clientName, ...toPounds(r) })), totals: toPounds(totals) };
    },
    /** The dashboard's aged figures at today (pounds). */
    async agedTotals(userId: string): Promise<TAgedBuckets> {
      return toPounds((await agedPence(userId, londonDay(clock()))).totals);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
