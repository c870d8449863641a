import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, invoiceLines, invoices, quoteLines, quotes } from '../../db/schema.ts';
import { effectiveInvoiceStatus } from '../invoices/invoice-status.ts';

export type PreviewCompanyRow = typeof companies.$inferSelect;
export type PreviewClientRow = typeof clients.$inferSelect;
const lineColumns = (t: typeof quoteLines | typeof invoiceLines) => ({
  description: t.description,
  quantityMilli: t.quantityMilli,
  unitPricePence: t.unitPricePence,
  amountPence: t.amountPence,
});

/** Read-only access to what a PDF needs; every query is scoped to the owner. */
export function createPreviewsRepository(db: Database) {
  return {
    async company(userId: string) {
      const [row] = await db.select().from(companies).where(eq(companies.userId, userId)).limit(1);
      return row ?? null;
    },
    async client(userId: string, clientId: string) {
      const [row] = await db
        .select()
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    async quote(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, id), eq(quotes.userId, userId)))
        .limit(1);
      if (!row) return null;
      const lines = await db
        .select(lineColumns(quoteLines))
        .from(quoteLines)
        .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.userId, userId)))
        .orderBy(asc(quoteLines.position));
      return { ...row, lines };
    },
    /** `today` ('YYYY-MM-DD', Europe/London) decides OVERDUE, by the one rule every invoice read uses. */
    async invoice(userId: string, id: string, today: string) {
      const [row] = await db
        .select({ ...getTableColumns(invoices), status: effectiveInvoiceStatus(today) })
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.userId, userId)))
        .limit(1);
      if (!row) return null;
      const lines = await db
        .select(lineColumns(invoiceLines))
        .from(invoiceLines)
        .where(and(eq(invoiceLines.invoiceId, id), eq(invoiceLines.userId, userId)))
        .orderBy(asc(invoiceLines.position));
      return { ...row, lines };
    },
  };
}
export type PreviewsRepository = ReturnType<typeof createPreviewsRepository>;
