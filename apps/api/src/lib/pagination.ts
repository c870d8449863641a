import { AppError } from './app-error.ts';

export interface Cursor {
  createdAt: Date;
  id: string;
}

/** Opaque keyset cursor: the (createdAt, id) of the last row of a page. */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  // A forged cursor must fail here, not as a uuid/timestamp cast error inside PostgreSQL.
  const year = createdAt.getUTCFullYear();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!id || !uuid.test(id) || Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999) {
    throw AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  return { createdAt, id };
}

/**
 * Pages in another order than newest first (sort by number, client or total) are cut by position:
 * the cursor is the offset of the next row. Marked with '@' so a keyset cursor is never misread.
 */
export const encodeOffsetCursor = (offset: number): string => Buffer.from(`@${offset}`, 'utf8').toString('base64url');

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = /^@\d{1,9}$/.test(text) ? Number(text.slice(1)) : NaN;
  if (!Number.isSafeInteger(offset)) throw AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  return offset;
}

/** Escape LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Fetch one extra row to learn whether another page exists. */
export function toPage<T extends { createdAt: Date; id: string }, D>(rows: T[], limit: number, map: (row: T) => D, offset?: number) {
  const page = pageOf(rows, limit, offset);
  return { items: page.rows.map(map), nextCursor: page.nextCursor };
}

/** The rows of a page (read one more than `limit`: fetchLimit) and the cursor of the next, null when none. */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number, offset?: number): { rows: T[]; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const next = offset === undefined ? (last ? encodeCursor(last) : null) : encodeOffsetCursor(offset + limit);
  return { rows: pageRows, nextCursor: hasMore ? next : null };
}
