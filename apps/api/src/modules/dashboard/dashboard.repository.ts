import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { accountFigures, payments, quotes } from '../../db/schema.ts';
import { sqlWordList } from '../../db/sql-words.ts';
import { QUOTE_ACTIVE_STATUSES } from '@docket/schemas/lifecycle';
import { agedPenceOf, agedTotalsSql, type AgedPence } from '../reports/reports.repository.ts';

const activeQuotes = sqlWordList(QUOTE_ACTIVE_STATUSES);

export interface DashboardFigures {
  totalInvoicedPence: number;
  activeQuotes: number;
  activeInvoices: number;
  receivedThisMonthPence: number;
  /** at today; `total` is what is outstanding */
  aged: AgedPence;
}

/**
 * The dashboard's figures in one statement, so they agree with each other (docs/product.md,
 * "Dashboard"): total invoiced, outstanding and active invoices are the account's running figures
 * ("Running figures"), the aged buckets read only the last 90 days' balances, and this month's
 * payments and the active quotes are read by their indexes.
 */
export function createDashboardRepository(db: Database) {
  return {
    async figures(userId: string, today: string, month: string): Promise<DashboardFigures> {
      const [row] = await queryRows<Record<string, string | number>>(
        db,
        sql`with aged as (${agedTotalsSql(userId, today)})
          select aged.*,
            coalesce(running.${sql.identifier(accountFigures.invoicedPence.name)}, 0) as total_invoiced,
            coalesce(running.${sql.identifier(accountFigures.openInvoices.name)}, 0) as active_invoices,
            (select coalesce(sum(${payments.amountPence}), 0) from ${payments}
              where ${payments.userId} = ${userId}
                and ${payments.paidOn} >= cast(${month} || '-01' as date)
                and ${payments.paidOn} < cast(cast(${month} || '-01' as date) + interval '1 month' as date)) as received,
            (select count(*) from ${quotes} where ${quotes.userId} = ${userId} and ${quotes.status} in ${activeQuotes}) as active_quotes
          from aged left join ${accountFigures} running on running.${sql.identifier(accountFigures.userId.name)} = ${userId}`,
      );
      return {
        totalInvoicedPence: Number(row!.total_invoiced),
        activeInvoices: Number(row!.active_invoices),
        activeQuotes: Number(row!.active_quotes),
        receivedThisMonthPence: Number(row!.received),
        aged: agedPenceOf(row!),
      };
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
