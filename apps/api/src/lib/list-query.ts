import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decodeCursor } from './pagination.ts';

/**
 * WHERE fragment for rows after the cursor, in (createdAt desc, id desc) order. A row comparison
 * is one range of the (user, created_at desc, id desc) index. The cursor row's own timestamp is
 * read back because it has microseconds the cursor's millisecond ISO text lacks (rows created in
 * the same millisecond would otherwise be skipped); the cursor's time is the fallback if it was deleted.
 */
export function afterCursor(cursor: string | undefined, createdAt: PgColumn, id: PgColumn): SQL | undefined {
  if (!cursor) return undefined;
  const c = decodeCursor(cursor);
  const exact = sql`(select ${createdAt} from ${createdAt.table} where ${id} = ${c.id}::uuid)`;
  return sql`(${createdAt}, ${id}) < (coalesce(${exact}, ${c.createdAt.toISOString()}::timestamptz), ${c.id}::uuid)`;
}

/** "nulls last" matches the indexes drizzle declares (desc() there means DESC NULLS LAST), so no sort. */
export const newestFirst = (createdAt: PgColumn, id: PgColumn) => [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];

/**
 * `afterCursor` with the cursor as the placeholders `cursorId` and `cursorAt` (`cursorValues`
 * fills them), for a statement prepared once per list shape (cache/session-read.ts).
 */
export function afterCursorPlaceholders(createdAt: PgColumn, id: PgColumn): SQL {
  const exact = sql`(select ${createdAt} from ${createdAt.table} where ${id} = ${sql.placeholder('cursorId')}::uuid)`;
  return sql`(${createdAt}, ${id}) < (coalesce(${exact}, ${sql.placeholder('cursorAt')}::timestamptz), ${sql.placeholder('cursorId')}::uuid)`;
}

/** The values of `afterCursorPlaceholders`; a forged cursor is refused here (400), as afterCursor refuses it. */
export function cursorValues(cursor: string): { cursorId: string; cursorAt: string } {
  const c = decodeCursor(cursor);
  return { cursorId: c.id, cursorAt: c.createdAt.toISOString() };
}

/**
 * A walked search's match: the rows ILIKE '%term%' finds with its wildcards escaped (ILIKE compares
 * lower() of both sides), written without LIKE so that the statement is prepared once
 * (db/plan-each-time.mjs) and no plan can choose a trigram index.
 */
export const containsTerm = (column: PgColumn, term: Placeholder): SQL => sql`strpos(lower(${column}), lower(${term}::text)) > 0`;
