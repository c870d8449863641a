import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { invoices, payments, quotes } from '../../db/schema.ts';
import { invoiceBalanceJoins } from '../invoices/invoice-balance-joins.ts';
import { sqlWordList } from '../../db/sql-words.ts';
import { INVOICE_OUTSTANDING_STATUSES, INVOICE_UNCOUNTED_STATUSES, QUOTE_ACTIVE_STATUSES, storedInvoiceStatus } from '@docket/schemas/lifecycle';

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
  overduePence: number;
  receivedThisMonthPence: number;
}

/**
 * The four dashboard figures in one round trip (docs/product.md, "Dashboard"): Outstanding is
 * the sum of balances due (total less payments less credits); which statuses
 * count comes from the lifecycle module.
 */
export function createDashboardRepository(db: Database) {
  return {
    async figures(userId: string, today: string, month: string): Promise<DashboardFigures> {
      const { joins, credited, balance } = invoiceBalanceJoins(userId);
      const [row] = await queryRows<{
        total: string | number;
        outstanding: string | number;
        overdue: string | number;
        received: string | number;
        active_invoices: number;
        active_quotes: number;
      }>(
        db,
        sql`select
            coalesce(sum(${invoices.totalPence} - ${credited}) filter (where ${invoices.status} not in ${uncounted}), 0)::text as total,
            coalesce(sum(${balance}) filter (where ${invoices.status} in ${outstanding}), 0)::text as outstanding,
            coalesce(sum(${balance}) filter (where ${invoices.status} in ${outstanding} and ${invoices.dueDate} < ${today}), 0)::text as overdue,
            (select coalesce(sum(${payments.amountPence}), 0)::text from ${payments} where ${payments.userId} = ${userId} and to_char(${payments.paidOn}, 'YYYY-MM') = ${month}) as received,
            (count(*) filter (where ${invoices.status} in ${outstanding}))::int as active_invoices,
            (select count(*)::int from ${quotes} where ${quotes.userId} = ${userId} and ${quotes.status} in ${activeQuotes}) as active_quotes
          from ${invoices}
          ${joins}
          where ${invoices.userId} = ${userId}`,
      );
      return {
        totalInvoicedPence: Number(row?.total ?? 0),
        outstandingPence: Number(row?.outstanding ?? 0),
        activeInvoices: Number(row?.active_invoices ?? 0),
        activeQuotes: Number(row?.active_quotes ?? 0),
        overduePence: Number(row?.overdue ?? 0),
        receivedThisMonthPence: Number(row?.received ?? 0),
      };
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
