import { RECENT_DOCUMENTS_LIMIT } from '@docket/schemas/constants';
import { penceToPounds } from '@docket/schemas/money';
import type { TDashboard } from '@docket/schemas/dashboard';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { DashboardRepository } from './dashboard.repository.ts';
import { agedPounds } from '../reports/aged-pounds.ts';
import type { JsonText } from '../../lib/json-text.ts';
import type { KeptAnswer } from '../../cache/answer-cache.ts';

export interface DashboardDeps {
  recentQuotes: (userId: string, n: number) => Promise<TQuote[]>;
  recentInvoices: (userId: string, n: number) => Promise<TInvoice[]>;
  kept: KeptAnswer;
}

export function createDashboardService(repo: DashboardRepository, deps: DashboardDeps) {
  async function workOut(userId: string, day: string): Promise<TDashboard> {
    const [figures, recentQuotes, recentInvoices] = await Promise.all([
      repo.figures(userId, day, day.slice(0, 7)),
      deps.recentQuotes(userId, RECENT_DOCUMENTS_LIMIT),
      deps.recentInvoices(userId, RECENT_DOCUMENTS_LIMIT),
    ]);
    const { aged } = figures;
    return {
      totalInvoiced: penceToPounds(figures.totalInvoicedPence),
      outstanding: penceToPounds(aged.total),
      activeQuotes: figures.activeQuotes,
      activeInvoices: figures.activeInvoices,
      // past due: everything owed but what is current (due today or later)
      overdueAmount: penceToPounds(aged.total - aged.current),
      receivedThisMonth: penceToPounds(figures.receivedThisMonthPence),
      aged: agedPounds(aged),
      recentQuotes,
      recentInvoices,
    };
  }

  return {
    /**
     * The dashboard, serialised once and kept per account version and day (docs/product.md, "Kept
     * answers"): the day decides overdue, aged and this month's figures.
     */
    async get(userId: string): Promise<JsonText<TDashboard>> {
      return deps.kept(userId, 'dashboard', (day) => workOut(userId, day));
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
