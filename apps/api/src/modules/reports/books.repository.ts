import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, expenses, invoiceLines, invoices, payments } from '../../db/schema.ts';
import { linesJson } from '../documents/lines-json.ts';

/** What profit and loss and the CIS statement read (docs/product.md, "Profit and loss", "CIS deductions suffered"). */
export function createBooksRepository(db: Database) {
  return {
    /** Whether the company has a VAT number (its expenses' VAT is reclaimed, so they count net). */
    async vatRegistered(userId: string): Promise<boolean> {
      const [row] = await db.select({ v: companies.vatNumber }).from(companies).where(eq(companies.userId, userId)).limit(1);
      return Boolean(row?.v?.trim());
    },
    /** Expenses dated in the period, summed per heading in SQL (integer pence). */
    async expensesByCategory(userId: string, from: string, to: string) {
      const rows = await db
        .select({
          category: expenses.category,
          count: sql<number>`count(*)::int`,
          netPence: sql<string>`coalesce(sum(${expenses.netPence}), 0)::text`,
          totalPence: sql<string>`coalesce(sum(${expenses.totalPence}), 0)::text`,
        })
        .from(expenses)
        .where(and(eq(expenses.userId, userId), sql`${expenses.date} between ${from} and ${to}`))
        .groupBy(expenses.category);
      return rows.map((r) => ({ category: r.category, count: Number(r.count), netPence: Number(r.netPence), totalPence: Number(r.totalPence) }));
    },
    /**
     * Payments received in the period on issued invoices priced with a CIS rate (0% included: gross payment status), with the
     * invoice's lines (to split labour from materials) and what it asks for.
     */
    cisPayments(userId: string, from: string, to: string) {
      return db
        .select({
          id: payments.id,
          date: sql<string>`to_char(${payments.paidOn}, 'YYYY-MM-DD')`,
          amountPence: payments.amountPence,
          clientId: clients.id,
          clientName: clients.name,
          taxRateBp: invoices.taxRateBp,
          cisRateBp: invoices.cisRateBp,
          cisDeductionPence: invoices.cisDeductionPence,
          fixedVat: invoices.fixedVat,
          duePence: sql<number>`(${invoices.totalPence} - ${invoices.cisDeductionPence})`.mapWith(Number),
          lines: linesJson(invoiceLines, invoiceLines.invoiceId, invoices.id),
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(
          and(
            eq(payments.userId, userId),
            eq(invoices.userId, userId),
            isNotNull(invoices.cisRateBp),
            sql`${invoices.status} not in ('DRAFT', 'VOID')`,
            sql`${payments.paidOn} between ${from} and ${to}`,
          ),
        )
        .orderBy(payments.paidOn, payments.createdAt);
    },
  };
}
export type BooksRepository = ReturnType<typeof createBooksRepository>;
