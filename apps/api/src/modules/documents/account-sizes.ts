import { eq, getTableName, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { clients, invoices, quotes } from '../../db/schema.ts';

/**
 * Up to this many quotes, invoices or clients, an account's search walks all of them with a plan
 * made once (documentSearchIds with a `term`, the clients' list): planning the search with its
 * term costs more than the walk (bench/results.md, twenty-sixth session). Beyond it, a rare term
 * needs the trigram indexes, which only a plan made with the term can use.
 */
export const SEARCH_WALK_MAX_DOCUMENTS = 500;

/** How long an account's size is taken as read; it only chooses a plan, never what is found. */
const SIZE_KEPT_MS = 5 * 60_000;
const MAX_ACCOUNTS = 10_000;

/**
 * Whether an account holds few enough rows of a table to search by walking them, read with
 * a count the first time and then every few minutes. Held per process: another process may read a
 * size a little older, and either answer finds the same documents.
 */
export function accountSizes(db: Database, table: typeof quotes | typeof invoices | typeof clients, now: () => number = Date.now) {
  const known = new Map<string, { small: boolean; until: number }>();
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.userId, sql.placeholder('userId')))
    .prepare(`${getTableName(table)}_count_for_search`);
  return async (accountId: string): Promise<boolean> => {
    const at = now();
    const seen = known.get(accountId);
    if (seen && seen.until > at) return seen.small;
    const [row] = await count.execute({ userId: accountId });
    const small = Number(row?.n ?? 0) <= SEARCH_WALK_MAX_DOCUMENTS;
    if (known.size >= MAX_ACCOUNTS) known.clear();
    known.set(accountId, { small, until: at + SIZE_KEPT_MS });
    return small;
  };
}
