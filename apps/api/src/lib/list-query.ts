import { sql, type SQL } from 'drizzle-orm';
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
