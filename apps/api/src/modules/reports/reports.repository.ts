import { sql, type SQL } from 'drizzle-orm';
import { AGED_BUCKET_UPPER_DAYS, type TAgedBucket } from '@docket/schemas/reports';
import { queryRows, type Database } from '../../db/client.ts';
import { accountFigures, clients, invoiceFigures } from '../../db/schema.ts';

export type AgedPence = Record<TAgedBucket | 'total', number>;
export interface AgedRowPence extends AgedPence {
  clientId: string;
  clientName: string;
}

/** days past due → bucket, as SQL filters built from the bucket bounds in the schemas package */
const within = (days: SQL, lower: number | null, upper: number | null) =>
  lower === null ? sql`${days} <= ${upper}` : upper === null ? sql`${days} > ${lower}` : sql`${days} > ${lower} and ${days} <= ${upper}`;
const b = AGED_BUCKET_UPPER_DAYS;
const daysPastDue = (asOf: string) => sql`(cast(${asOf} as date) - ${invoiceFigures.dueDate})`;
const bucketSums = (days: SQL) => sql`
  coalesce(sum(${invoiceFigures.balancePence}) filter (where ${within(days, null, b.current)}), 0) as current,
  coalesce(sum(${invoiceFigures.balancePence}) filter (where ${within(days, b.current, b.days1to30)}), 0) as days1to30,
  coalesce(sum(${invoiceFigures.balancePence}) filter (where ${within(days, b.days1to30, b.days31to60)}), 0) as days31to60,
  coalesce(sum(${invoiceFigures.balancePence}) filter (where ${within(days, b.days31to60, b.days61to90)}), 0) as days61to90`;

/**
 * The account's aged totals at `asOf` as one row (current, days1to30, days31to60, days61to90,
 * over90, total; pence). Only balances due within the last 90 days or later are read: over 90 days
 * is the account's running outstanding figure less the rest, so the cost follows the last three
 * months' invoices, not the account's history (docs/product.md, "Running figures"). A `with` part
 * of the dashboard's statement.
 */
export function agedTotalsSql(userId: string, asOf: string): SQL {
  const days = daysPastDue(asOf);
  return sql`select recent.*, owed.total,
      owed.total - recent.current - recent.days1to30 - recent.days31to60 - recent.days61to90 as over90
    from (
      select ${bucketSums(days)}
      from ${invoiceFigures}
      where ${invoiceFigures.userId} = ${userId} and ${invoiceFigures.balancePence} > 0
        and ${invoiceFigures.dueDate} >= cast(${asOf} as date) - ${b.days61to90}::int
    ) recent
    cross join (select coalesce((select ${accountFigures.outstandingPence} from ${accountFigures} where ${accountFigures.userId} = ${userId}), 0) as total) owed`;
}

export const agedPenceOf = (r: Record<string, string | number>): AgedPence => ({
  current: Number(r.current),
  days1to30: Number(r.days1to30),
  days31to60: Number(r.days31to60),
  days61to90: Number(r.days61to90),
  over90: Number(r.over90),
  total: Number(r.total),
});

/**
 * Aged debtors (docs/product.md, "Aged debtors"): balances due of invoices awaiting payment,
 * bucketed by days past due at `asOf`, summed per client in SQL with integer pence, from each
 * invoice's running figures (only those with something owed are read).
 */
export function createReportsRepository(db: Database) {
  return {
    async agedDebtors(userId: string, asOf: string): Promise<AgedRowPence[]> {
      const days = daysPastDue(asOf);
      const rows = await queryRows<Record<string, string | number>>(
        db,
        sql`select ${invoiceFigures.clientId} as client_id, ${clients.name} as client_name,
            ${bucketSums(days)},
            coalesce(sum(${invoiceFigures.balancePence}) filter (where ${within(days, b.days61to90, null)}), 0) as over90,
            coalesce(sum(${invoiceFigures.balancePence}), 0) as total
          from ${invoiceFigures} inner join ${clients} on ${clients.id} = ${invoiceFigures.clientId}
          where ${invoiceFigures.userId} = ${userId} and ${invoiceFigures.balancePence} > 0
          group by ${invoiceFigures.clientId}, ${clients.name}
          order by ${clients.name}, ${invoiceFigures.clientId}`,
      );
      return rows.map((r) => ({ clientId: String(r.client_id), clientName: String(r.client_name), ...agedPenceOf(r) }));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
