import { and, eq, sql } from 'drizzle-orm';
import { NUMBER_PAD } from '@docket/schemas/constants';
import { queryRows, type Database } from '../../db/client.ts';
import { documentCounters, invoices, quotes } from '../../db/schema.ts';

export type DocumentKind = 'quote' | 'invoice';
/** A transaction handle (same query API as the database). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const numbered = {
  quote: { table: quotes, userId: quotes.userId, number: quotes.quoteNumber },
  invoice: { table: invoices, userId: invoices.userId, number: invoices.invoiceNumber },
} as const;

/** Q0001 … Q9999, then Q10000: the counter zero-padded to 4 digits. */
export const formatDocumentNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(NUMBER_PAD, '0')}`;

export function createCountersRepository(db: Database) {
  return {
    async read(userId: string): Promise<Record<DocumentKind, number>> {
      const rows = await db.select().from(documentCounters).where(eq(documentCounters.userId, userId));
      const value = (kind: DocumentKind) => rows.find((r) => r.kind === kind)?.nextValue ?? 1;
      return { quote: value('quote'), invoice: value('invoice') };
    },

    async reset(userId: string, kind: DocumentKind) {
      await db
        .insert(documentCounters)
        .values({ userId, kind, nextValue: 1 })
        .onConflictDoUpdate({ target: [documentCounters.userId, documentCounters.kind], set: { nextValue: 1 } });
    },

    /**
     * Take the next free number inside the caller's transaction. The counter row is locked
     * FOR UPDATE, so concurrent creates for one user queue here and get consecutive numbers;
     * numbers already in use (after a reset) are skipped in one index-backed query.
     */
    async allocate(tx: Tx, userId: string, kind: DocumentKind, prefix: string): Promise<string> {
      await tx.insert(documentCounters).values({ userId, kind, nextValue: 1 }).onConflictDoNothing();
      const [counter] = await tx
        .select({ nextValue: documentCounters.nextValue })
        .from(documentCounters)
        .where(and(eq(documentCounters.userId, userId), eq(documentCounters.kind, kind)))
        .for('update');
      const start = counter?.nextValue ?? 1;
      const t = numbered[kind];
      const formatted = sql`${prefix} || case when c < 10000 then lpad(c::text, ${NUMBER_PAD}, '0') else c::text end`;
      const [row] = await queryRows<{ n: number | null }>(tx, sql`
        select min(c)::int as n
        from generate_series(${start}::int, ${start}::int + (select count(*)::int from ${t.table} where ${t.userId} = ${userId})) as c
        where not exists (select 1 from ${t.table} where ${t.userId} = ${userId} and ${t.number} = ${formatted})`);
      const n = Number(row?.n ?? start);
      await tx
        .update(documentCounters)
        .set({ nextValue: n + 1 })
        .where(and(eq(documentCounters.userId, userId), eq(documentCounters.kind, kind)));
      return formatDocumentNumber(prefix, n);
    },
  };
}
export type CountersRepository = ReturnType<typeof createCountersRepository>;
