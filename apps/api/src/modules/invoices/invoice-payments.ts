import { sql, type SQL } from 'drizzle-orm';
import { companies, invoices, payments } from '../../db/schema.ts';
import { actorRefSql } from '../../db/actor-ref-sql.ts';
import { jsonRows } from '../../db/json-rows.ts';
import type { ActorRef } from '../../lib/actor.ts';

export interface PaymentRef {
  id: string;
  amountPence: number;
  paidOn: string;
  method: string;
  reference: string | null;
  createdAt: string;
  by: ActorRef | null;
}

/**
 * The payments against an invoice, in date order, as one JSON column of the invoice row
 * (correlated subquery on payments_invoice_idx), so lists stay one round trip.
 */
export const paymentRefsJson = (): SQL<PaymentRef[]> =>
  jsonRows<PaymentRef>(
    {
      id: payments.id,
      amountPence: payments.amountPence,
      paidOn: payments.paidOn,
      method: payments.method,
      reference: payments.reference,
      createdAt: payments.createdAt,
      by: actorRefSql(payments.actorUserId),
    },
    sql`from ${payments} where ${payments.invoiceId} = ${invoices.id}`,
    ['paidOn', 'createdAt', 'id'],
  );

/** Sum of payments against the invoice, in pence (for SQL totals). */
export const paidPenceSql = (): SQL<number> =>
  sql`coalesce((select sum(${payments.amountPence}) from ${payments} where ${payments.invoiceId} = ${invoices.id}), 0)`.mapWith(Number);

/**
 * The account's base rate (basis points) for late-payment interest. Given the statement's account
 * (a placeholder or value), the subquery names no column of the row, so PostgreSQL reads it once
 * per statement (an InitPlan) instead of once per invoice of a page.
 */
export const baseRateBpSql = (account: SQL | SQL.Aliased | unknown = invoices.userId): SQL<number> =>
  sql`coalesce((select ${companies.baseRateBp} from ${companies} where ${companies.userId} = ${account}), 0)`.mapWith(Number);
