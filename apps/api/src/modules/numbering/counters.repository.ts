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

/**
 * The first number above `taken` whose formatted form is unused. Numbers past start + count
 * cannot all be taken, so the series always holds an answer; `order by c limit 1` lets the
 * planner probe the unique index one number at a time and stop at the first gap.
 */
async function firstFreeAfter(tx: Tx, kind: DocumentKind, userId: string, prefix: string, taken: number): Promise<number> {
  const t = numbered[kind];
  const formatted = sql`${prefix} || case when c < 10000 then lpad(c::text, ${NUMBER_PAD}, '0') else c::text end`;
  const [row] = await queryRows<{ n: number }>(tx, sql`
    select c::int as n
    from generate_series(${taken + 1}::int, ${taken + 1}::int + (select count(*)::int from ${t.table} where ${t.userId} = ${userId})) as c
    where not exists (select 1 from ${t.table} where ${t.userId} = ${userId} and ${t.number} = ${formatted})
    order by c
    limit 1`);
  return Number(row?.n ?? taken + 1);
}

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
     * FOR UPDATE, so concurrent creates for one user queue here and get consecutive numbers.
     * The counter's own number is almost always free (only a reset makes it taken), so it is
     * probed first with one unique-index lookup; only a taken number pays for the gap search,
     * which walks up from the counter and stops at the first free number. Either way the work
     * under the lock no longer grows with the account's document count.
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
      const [taken] = await tx
        .select({ one: sql`1` })
        .from(t.table)
        .where(and(eq(t.userId, userId), eq(t.number, formatDocumentNumber(prefix, start))))
        .limit(1);
      const n = taken ? await firstFreeAfter(tx, kind, userId, prefix, start) : start;
      await tx
        .update(documentCounters)
        .set({ nextValue: n + 1 })
        .where(and(eq(documentCounters.userId, userId), eq(documentCounters.kind, kind)));
      return formatDocumentNumber(prefix, n);
    },
  };
}
export type CountersRepository = ReturnType<typeof createCountersRepository>;
