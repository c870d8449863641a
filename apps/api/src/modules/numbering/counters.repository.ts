import { and, eq, sql } from 'drizzle-orm';
import { NUMBER_PAD } from '@docket/schemas/constants';
import { queryRows, type Database } from '../../db/client.ts';
import { builtOnce } from '../../db/built-once.ts';
import { creditNotes, documentCounters, invoices, issuedNumbers, quotes } from '../../db/schema.ts';

export type DocumentKind = 'quote' | 'invoice' | 'credit_note';
/** A transaction handle (same query API as the database). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const numbered = {
  quote: { table: quotes, userId: quotes.userId, number: quotes.quoteNumber },
  invoice: { table: invoices, userId: invoices.userId, number: invoices.invoiceNumber },
  credit_note: { table: creditNotes, userId: creditNotes.userId, number: creditNotes.creditNoteNumber },
} as const;

/** Q0001 … Q9999, then Q10000: the counter zero-padded to 4 digits. */
export const formatDocumentNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(NUMBER_PAD, '0')}`;

/**
 * A number is taken while a document of the kind carries it, and for good once a document
 * carrying it was issued (issued_numbers, filled by triggers): a deleted or voided issued
 * document's number never comes back, even after a counter reset (docs/product.md).
 */
function takenCondition(kind: DocumentKind, userId: string, formatted: ReturnType<typeof sql>) {
  const t = numbered[kind];
  return sql`(exists (select 1 from ${t.table} where ${t.userId} = ${userId} and ${t.number} = ${formatted})
    or exists (select 1 from ${issuedNumbers} where ${issuedNumbers.userId} = ${userId} and ${issuedNumbers.kind} = ${kind} and ${issuedNumbers.number} = ${formatted}))`;
}

/**
 * The first number above `taken` whose formatted form is unused: a walk up one unique-index
 * probe at a time that ends at the first free number, so its cost is the length of the run of
 * taken numbers, not the size of the account. (A `not exists … order by c limit 1` over a
 * generate_series does not stop early: PostgreSQL plans it as a hash anti join over every
 * document of the account plus a sort.)
 */
async function firstFreeAfter(tx: Tx, kind: DocumentKind, userId: string, prefix: string, taken: number): Promise<number> {
  const formatted = sql`${prefix} || case when c < 10000 then lpad(c::text, ${NUMBER_PAD}, '0') else c::text end`;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`
    with recursive walk(c) as (
      select ${taken + 1}::int
      union all
      select c + 1 from walk
      where ${takenCondition(kind, userId, formatted)}
    )
    select max(c)::int as n from walk`,
  );
  return Number(row?.n ?? taken + 1);
}

const counterReturning = { nextValue: documentCounters.nextValue };
const upsertCounter = builtOnce<Tx, { nextValue: number }>(
  (tx) =>
    tx
      .insert(documentCounters)
      .values({ userId: sql.placeholder('userId'), kind: sql.placeholder('kind'), nextValue: 1 })
      .onConflictDoUpdate({ target: [documentCounters.userId, documentCounters.kind], set: { nextValue: sql`${documentCounters.nextValue}` } })
      .returning(counterReturning),
  counterReturning,
);

/** The kind's counter row, created at 1 if missing, locked FOR UPDATE until the transaction ends; its next value. */
async function lockCounter(tx: Tx, userId: string, kind: DocumentKind): Promise<number> {
  // One statement, not an insert then a SELECT FOR UPDATE: the upsert's no-op update locks the
  // existing row (a concurrent one waits, then sees the committed value) and returns its value;
  // every write pays one round trip less (docs/reliability.md, "Round trips per request").
  const [counter] = await upsertCounter(tx, { userId, kind });
  return counter?.nextValue ?? 1;
}

export function createCountersRepository(db: Database) {
  return {
    /**
     * Queue on the kind's counter without taking a number: invoice drafts get their number at
     * issue, but their creates still serialise here so the plan limit's re-check stays race-free.
     */
    async lock(tx: Tx, userId: string, kind: DocumentKind): Promise<void> {
      await lockCounter(tx, userId, kind);
    },

    /**
     * The number each kind's next document will really get: the counter's value, or after a
     * reset that left it on numbers in use, the first free one above it (what allocate takes).
     */
    async read(userId: string, prefixes: Record<DocumentKind, string>): Promise<Record<DocumentKind, number>> {
      const rows = await db.select().from(documentCounters).where(eq(documentCounters.userId, userId));
      // firstFreeAfter(start - 1) is start itself unless a document or an issued number holds it.
      const next = async (kind: DocumentKind) => {
        const start = rows.find((r) => r.kind === kind)?.nextValue ?? 1;
        return firstFreeAfter(db as unknown as Tx, kind, userId, prefixes[kind], start - 1);
      };
      return { quote: await next('quote'), invoice: await next('invoice'), credit_note: await next('credit_note') };
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
     * probed first with two primary/unique-index lookups, and the work under the lock no longer grows
     * with the account. Only a taken number pays for the walk up to the first free one, as
     * long as the run of taken numbers, once per reset: the counter then jumps past them.
     */
    async allocate(tx: Tx, userId: string, kind: DocumentKind, prefix: string): Promise<string> {
      const start = await lockCounter(tx, userId, kind);
      const [probe] = await queryRows<{ taken: boolean }>(
        tx,
        sql`select ${takenCondition(kind, userId, sql`${formatDocumentNumber(prefix, start)}`)} as taken`,
      );
      const n = probe?.taken ? await firstFreeAfter(tx, kind, userId, prefix, start) : start;
      await tx
        .update(documentCounters)
        .set({ nextValue: n + 1 })
        .where(and(eq(documentCounters.userId, userId), eq(documentCounters.kind, kind)));
      return formatDocumentNumber(prefix, n);
    },
  };
}
export type CountersRepository = ReturnType<typeof createCountersRepository>;
