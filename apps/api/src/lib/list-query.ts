import { and, desc, lt, or, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decodeCursor } from './pagination.ts';

/** WHERE fragment for rows after the cursor, in (createdAt desc, id desc) order. */
export function afterCursor(cursor: string | undefined, createdAt: PgColumn, id: PgColumn): SQL | undefined {
  if (!cursor) return undefined;
  const c = decodeCursor(cursor);
  return or(lt(createdAt, c.createdAt), and(eq(createdAt, c.createdAt), lt(id, c.id)));
}

export const newestFirst = (createdAt: PgColumn, id: PgColumn) => [desc(createdAt), desc(id)];
