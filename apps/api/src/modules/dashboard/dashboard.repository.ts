import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { invoices, quotes } from '../../db/schema.ts';
import { sqlWordList } from '../../db/sql-words.ts';
import { INVOICE_OUTSTANDING_STATUSES, INVOICE_UNCOUNTED_STATUSES, QUOTE_ACTIVE_STATUSES, storedInvoiceStatus } from '@docket/schemas/lifecycle';
import { creditedPenceSql } from '../invoices/invoice-credits.ts';

/** Outstanding invoices as stored: SENT and OVERDUE are both stored as SENT, so no date test. */
const outstanding = sqlWordList(INVOICE_OUTSTANDING_STATUSES.map(storedInvoiceStatus));
const activeQuotes = sqlWordList(QUOTE_ACTIVE_STATUSES);
/** VOID invoices count in no money figure. */
const uncounted = sqlWordList(INVOICE_UNCOUNTED_STATUSES);

export interface DashboardFigures {
  totalInvoicedPence: number;
  outstandingPence: number;
  activeQuotes: number;
  activeInvoices: number;
}

/**
 * The four dashboard figures in one round trip (docs/product.md, "Dashboard"): Outstanding is
 * the sum of balances due (total less credits; payments join here with issue 16); which statuses
 * count comes from the lifecycle module.
 */
export function createDashboardRepository(db: Database) {
  return {
    async figures(userId: string): Promise<DashboardFigures> {
      const [row] = await queryRows<{ total: string | number; outstanding: string | number; active_invoices: number; active_quotes: number }>(
        db,
        sql`select
            coalesce(sum(${invoices.totalPence} - ${creditedPenceSql()}) filter (where ${invoices.status} not in ${uncounted}), 0)::text as total,
            coalesce(sum(greatest(0, ${invoices.totalPence} - ${creditedPenceSql()})) filter (where ${invoices.status} in ${outstanding}), 0)::text as outstanding,
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
