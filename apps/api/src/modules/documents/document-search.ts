import { and, eq, exists, ilike, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { union, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { clients, type invoiceLines, type invoices, type quoteLines, type quotes } from '../../db/schema.ts';
import { containsTerm, newestFirst } from '../../lib/list-query.ts';

/** Where a quote or an invoice keeps what a search looks at. */
export interface SearchedDocument {
  table: typeof quotes | typeof invoices;
  number: PgColumn;
  lines: typeof quoteLines | typeof invoiceLines;
  linesKey: PgColumn;
}

/**
 * The ids a list's `q` finds: documents whose number, client's name or a line's description
 * matches. One arm per searched table, each filtered, ordered and limited like the page, so each
 * gets its own plan: a trigram index for a rare term, or the newest-first index walked until the
 * page fills for a common one (an OR across the join allows only the walk). Every row of the page
 * is within its arm's first page, so the union holds the whole page.
 */
export function documentSearchIds(
  db: Database,
  doc: SearchedDocument,
  userId: Placeholder,
  filters: readonly (SQL | undefined)[],
  /**
   * `pattern`: the LIKE pattern of the search (likePattern), as the placeholder the list fills.
   * `term`: the search's own words instead, for an account small enough to walk (account-sizes.ts):
   * every arm reads the account's rows, matched without LIKE, so that the statement is prepared
   * once like any other (db/plan-each-time.mjs) and no plan can choose a trigram index.
   */
  match: { pattern: Placeholder } | { term: Placeholder },
  limit: number | undefined,
) {
  const { table } = doc;
  const matches = (column: PgColumn) => ('pattern' in match ? ilike(column, match.pattern) : containsTerm(column, match.term));
  const arm = (condition: SQL) => {
    const query = db
      .select({ id: table.id })
      .from(table)
      .where(and(...filters, condition))
      .orderBy(...newestFirst(table.createdAt, table.id))
      .$dynamic();
    return limit ? query.limit(sql.raw(String(limit + 1)) as unknown as number) : query;
  };
  return union(
    arm(matches(doc.number)),
    // The client and line arms name the account too: without it the planner may match every
    // account's clients or lines first (a scan growing with the whole database, not the account).
    arm(
      inArray(
        table.clientId,
        db
          .select({ id: clients.id })
          .from(clients)
          .where(and(eq(clients.userId, userId), matches(clients.name))),
      ),
    ),
    arm(
      exists(
        db
          .select({ one: sql`1` })
          .from(doc.lines)
          .where(and(eq(doc.lines.userId, userId), eq(doc.linesKey, table.id), matches(doc.lines.description))),
      ),
    ),
  );
}

/** The condition for a list's `q` inside the list's own statement (documentSearchIds). */
export function documentSearch(...search: Parameters<typeof documentSearchIds>): SQL {
  return inArray(search[1].table.id, documentSearchIds(...search));
}
