import { AGED_BUCKETS, type TAgedDebtors } from '@docket/schemas/reports';
import { londonDay, type Clock } from '../../lib/clock.ts';
import type { AgedPence, ReportsRepository } from './reports.repository.ts';
import { agedPounds } from './aged-pounds.ts';

const zero = (): AgedPence => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 });
const toPounds = agedPounds;

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
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
