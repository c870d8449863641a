import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { invoices, quotes } from '../../db/schema.ts';
import { sqlWordList } from '../../db/sql-words.ts';
import { INVOICE_OUTSTANDING_STATUSES, QUOTE_ACTIVE_STATUSES, storedInvoiceStatus } from '@docket/schemas/lifecycle';

/** Outstanding invoices as stored: SENT and OVERDUE are both stored as SENT, so no date test. */
const outstanding = sqlWordList(INVOICE_OUTSTANDING_STATUSES.map(storedInvoiceStatus));
const activeQuotes = sqlWordList(QUOTE_ACTIVE_STATUSES);

export interface DashboardFigures {
  totalInvoicedPence: number;
  outstandingPence: number;
  activeQuotes: number;
  activeInvoices: number;
}

/**
 * The four dashboard figures in one round trip (docs/product.md, "Dashboard"); which statuses
 * count comes from the lifecycle module.
 */
export function createDashboardRepository(db: Database) {
  return {
    async figures(userId: string): Promise<DashboardFigures> {
      const [row] = await queryRows<{ total: string | number; outstanding: string | number; active_invoices: number; active_quotes: number }>(
        db,
        sql`select
            coalesce(sum(${invoices.totalPence}), 0)::text as total,
            coalesce(sum(${invoices.totalPence}) filter (where ${invoices.status} in ${outstanding}), 0)::text as outstanding,
            (count(*) filter (where ${invoices.status} in ${outstanding}))::int as active_invoices,
            (select count(*)::int from ${quotes} where ${quotes.userId} = ${userId} and ${quotes.status} in ${activeQuotes}) as active_quotes
          from ${invoices}
          where ${invoices.userId} = ${userId}`,
      );
      return {
        totalInvoicedPence: Number(row?.total ?? 0),
        outstandingPence: Number(row?.outstanding ?? 0),
        activeInvoices: Number(row?.active_invoices ?? 0),
        activeQuotes: Number(row?.active_quotes ?? 0),
      };
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
