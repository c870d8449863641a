import { and, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { OVERDUE, OVERDUE_STORED_AS, type TInvoiceStatus } from '@docket/schemas/lifecycle';
import { invoices } from '../../db/schema.ts';
import { sqlWord } from '../../db/sql-words.ts';

/**
 * OVERDUE is never stored: a SENT invoice whose due date is before `today` (Europe/London,
 * 'YYYY-MM-DD') reads as OVERDUE. Every read builds its status from this one expression.
 */
export const effectiveInvoiceStatus = (today: string | Placeholder): SQL<TInvoiceStatus> =>
  sql<TInvoiceStatus>`case when ${invoices.status} = ${sqlWord(OVERDUE_STORED_AS)} and ${invoices.dueDate} < ${today} then ${sqlWord(OVERDUE)} else ${invoices.status} end`;

/** WHERE fragment for invoices whose effective status is `status` (index: user, status, due). */
export function invoiceStatusIs(status: TInvoiceStatus, today: string | Placeholder): SQL {
  if (status === OVERDUE) return and(eq(invoices.status, OVERDUE_STORED_AS), lt(invoices.dueDate, today))!;
  if (status === OVERDUE_STORED_AS) return and(eq(invoices.status, OVERDUE_STORED_AS), gte(invoices.dueDate, today))!;
  return eq(invoices.status, status);
}
