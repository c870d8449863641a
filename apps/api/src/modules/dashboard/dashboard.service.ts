import type { TAgedBuckets } from '@docket/schemas/reports';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { RECENT_DOCUMENTS_LIMIT } from '@docket/schemas/constants';
import { penceToPounds } from '@docket/schemas/money';
import type { TDashboard } from '@docket/schemas/dashboard';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { DashboardRepository } from './dashboard.repository.ts';

export interface DashboardDeps {
  recentQuotes: (userId: string, n: number) => Promise<TQuote[]>;
  recentInvoices: (userId: string, n: number) => Promise<TInvoice[]>;
  agedTotals: (userId: string) => Promise<TAgedBuckets>;
  clock: Clock;
}

export function createDashboardService(repo: DashboardRepository, deps: DashboardDeps) {
  return {
    async get(userId: string): Promise<TDashboard> {
      const now = deps.clock();
      const [figures, recentQuotes, recentInvoices, aged] = await Promise.all([
        repo.figures(userId, londonDay(now), londonDay(now).slice(0, 7)),
        deps.recentQuotes(userId, RECENT_DOCUMENTS_LIMIT),
        deps.recentInvoices(userId, RECENT_DOCUMENTS_LIMIT),
        deps.agedTotals(userId),
      ]);
      return {
        totalInvoiced: penceToPounds(figures.totalInvoicedPence),
        outstanding: penceToPounds(figures.outstandingPence),
        activeQuotes: figures.activeQuotes,
        activeInvoices: figures.activeInvoices,
        overdueAmount: penceToPounds(figures.overduePence),
        receivedThisMonth: penceToPounds(figures.receivedThisMonthPence),
        aged,
        recentQuotes,
        recentInvoices,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
