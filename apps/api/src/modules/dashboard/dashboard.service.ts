import { RECENT_DOCUMENTS_LIMIT } from '@docket/schemas/constants';
import { penceToPounds } from '@docket/schemas/money';
import type { TDashboard } from '@docket/schemas/dashboard';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { DashboardRepository } from './dashboard.repository.ts';

export interface DashboardDeps {
  recentQuotes: (userId: string, n: number) => Promise<TQuote[]>;
  recentInvoices: (userId: string, n: number) => Promise<TInvoice[]>;
}

export function createDashboardService(repo: DashboardRepository, deps: DashboardDeps) {
  return {
    async get(userId: string): Promise<TDashboard> {
      const [figures, recentQuotes, recentInvoices] = await Promise.all([
        repo.figures(userId),
        deps.recentQuotes(userId, RECENT_DOCUMENTS_LIMIT),
        deps.recentInvoices(userId, RECENT_DOCUMENTS_LIMIT),
      ]);
      return {
        totalInvoiced: penceToPounds(figures.totalInvoicedPence),
        outstanding: penceToPounds(figures.outstandingPence),
        activeQuotes: figures.activeQuotes,
        activeInvoices: figures.activeInvoices,
        recentQuotes,
        recentInvoices,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
