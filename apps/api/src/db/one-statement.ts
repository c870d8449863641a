import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Database } from './client.ts';

/** A write built but not sent: its SQL, to go to the database with others (writeTogether). */
export type PendingWrite = SQL;

/**
 * Sends writes that need nothing from each other as one statement (data-modifying WITH queries):
 * one round trip on PostgreSQL, one parse and plan on PGlite, instead of one per write
 * (docs/reliability.md, "Round trips per request"). They commit or fail together, like
 * statements of one transaction. Foreign keys between them hold: PostgreSQL checks them after
 * the whole statement, when every row it inserted is there. None sees the rows another inserts,
 * so each carries what it needs (ids made by the caller, not read back). Answers the rows the last
 * write returns (RETURNING), unmapped.
 */
export async function writeTogether<T = never>(x: Pick<Database, 'execute'>, writes: readonly SQLWrapper[]): Promise<T[]> {
  if (writes.length === 0) return [];
  // getSQL: a query builder put straight into sql`` would be wrapped in parentheses, as a subquery
  const all = writes.map((w) => w.getSQL());
  const last = all[all.length - 1]!;
  const before = all.slice(0, -1).map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
  return queryRows<T>(x, before.length ? sql`with ${sql.join(before, sql`, `)} ${last}` : sql`${last}`);
}
