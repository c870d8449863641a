import type { TAgedBuckets } from '@docket/schemas/reports';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { RECENT_DOCUMENTS_LIMIT } from '@docket/schemas/constants';
import { penceToPounds } from '@docket/schemas/money';
import type { TDashboard } from '@docket/schemas/dashboard';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { DashboardRepository } from './dashboard.repository.ts';
import { JsonText } from '../../lib/json-text.ts';

export interface DashboardDeps {
  recentQuotes: (userId: string, n: number) => Promise<TQuote[]>;
  recentInvoices: (userId: string, n: number) => Promise<TInvoice[]>;
  agedTotals: (userId: string) => Promise<TAgedBuckets>;
  clock: Clock;
}

export function createDashboardService(repo: DashboardRepository, deps: DashboardDeps) {
  async function workOut(userId: string, day: string): Promise<TDashboard> {
    const [figures, recentQuotes, recentInvoices, aged] = await Promise.all([
      repo.figures(userId, day, day.slice(0, 7)),
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
  }

  return {
    /**
     * The dashboard as JSON text: the answer kept for the account's version and today when there
     * is one, else worked out and kept (docs/product.md, "Dashboard"). Any change to what it shows
     * changes the version, and the day decides overdue, aged and this month's figures.
     */
    async get(userId: string): Promise<JsonText> {
      const day = londonDay(deps.clock());
      const kept = await repo.kept(userId, day);
      if (kept.body !== null) return new JsonText(kept.body);
      const body = JSON.stringify(await workOut(userId, day));
      await repo.keep(userId, kept.version, day, body);
      return new JsonText(body);
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
