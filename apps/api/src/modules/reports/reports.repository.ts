import { sql } from 'drizzle-orm';
import { AGED_BUCKET_UPPER_DAYS, type TAgedBucket } from '@docket/schemas/reports';
import { INVOICE_OUTSTANDING_STATUSES, storedInvoiceStatus } from '@docket/schemas/lifecycle';
import { queryRows, type Database } from '../../db/client.ts';
import { clients, invoices } from '../../db/schema.ts';
import { sqlWordList } from '../../db/sql-words.ts';
import { invoiceBalanceJoins } from '../invoices/invoice-balance-joins.ts';

const outstanding = sqlWordList(INVOICE_OUTSTANDING_STATUSES.map(storedInvoiceStatus));

export type AgedPence = Record<TAgedBucket | 'total', number>;
export interface AgedRowPence extends AgedPence {
  clientId: string;
  clientName: string;
}

/** days past due → bucket, as SQL filters built from the bucket bounds in the schemas package */
const within = (days: ReturnType<typeof sql>, lower: number | null, upper: number | null) =>
  lower === null ? sql`${days} <= ${upper}` : upper === null ? sql`${days} > ${lower}` : sql`${days} > ${lower} and ${days} <= ${upper}`;
const b = AGED_BUCKET_UPPER_DAYS;

/**
 * Aged debtors (docs/product.md, "Aged debtors"): balances due of invoices awaiting payment,
 * bucketed by days past due at `asOf`, summed per client in SQL with integer pence.
 */
export function createReportsRepository(db: Database) {
  return {
    async agedDebtors(userId: string, asOf: string): Promise<AgedRowPence[]> {
      const days = sql`(cast(${asOf} as date) - due_date)`;
      const { joins, balance } = invoiceBalanceJoins(userId);
      const rows = await queryRows<Record<string, string | number>>(
        db,
        sql`select client_id, client_name,
            coalesce(sum(balance) filter (where ${within(days, null, b.current)}), 0)::text as current,
            coalesce(sum(balance) filter (where ${within(days, b.current, b.days1to30)}), 0)::text as days1to30,
            coalesce(sum(balance) filter (where ${within(days, b.days1to30, b.days31to60)}), 0)::text as days31to60,
            coalesce(sum(balance) filter (where ${within(days, b.days31to60, b.days61to90)}), 0)::text as days61to90,
            coalesce(sum(balance) filter (where ${within(days, b.days61to90, null)}), 0)::text as over90,
            coalesce(sum(balance), 0)::text as total
          from (
            select ${invoices.clientId} as client_id, ${clients.name} as client_name, ${invoices.dueDate} as due_date,
              ${balance} as balance
            from ${invoices} inner join ${clients} on ${clients.id} = ${invoices.clientId}
            ${joins}
            where ${invoices.userId} = ${userId} and ${invoices.status} in ${outstanding}
          ) owed
          where balance > 0
          group by client_id, client_name
          order by client_name, client_id`,
      );
      return rows.map((r) => ({
        clientId: String(r.client_id),
        clientName: String(r.client_name),
        current: Number(r.current),
        days1to30: Number(r.days1to30),
        days31to60: Number(r.days31to60),
        days61to90: Number(r.days61to90),
        over90: Number(r.over90),
        total: Number(r.total),
      }));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
