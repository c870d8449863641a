import type { Request } from 'express';
import type { z } from 'zod';
import type { TListQuery } from '@docket/schemas/common';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isPaged } from '../../lib/paged-request.ts';
import type { Database } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';
import { afterCursorPlaceholders, cursorValues, newestFirst } from '../../lib/list-query.ts';
import { decodeOffsetCursor, likePattern } from '../../lib/pagination.ts';
import { documentOrder, isCustomOrder, type DocumentSortOptions } from './document-order.ts';
import { documentSearch, documentSearchIds, type SearchedDocument } from './document-search.ts';
import { firstColumnStatement } from '../../db/unnamed-statement.ts';
import { accountSizes } from './account-sizes.ts';

/** What every quote and invoice list takes; `status` is each list's own. */
export interface DocumentListOptions<S extends string> extends DocumentSortOptions {
  limit?: number;
  cursor?: string;
  q?: string;
  status?: S;
  clientId?: string;
}

/** The unfiltered first page in the default order: the one the prepared statements answer. */
export const isFirstPage = (o: DocumentListOptions<string>): boolean => !!o.limit && !o.cursor && !o.q && !o.status && !o.clientId && !isCustomOrder(o);

/**
 * What makes one list's SQL differ from another's: which filters it has (the status itself, whose
 * condition is its own), its order and page size. Lists of one key share one prepared statement,
 * the values (`listValues`) filled per request.
 */
export const listShapeKey = (o: DocumentListOptions<string>): string =>
  [o.status ?? '', o.clientId ? 'client' : '', o.cursor ? 'cursor' : '', o.q ? 'q' : '', o.sort ?? '', o.order ?? '', o.limit ?? ''].join('|');

/** The placeholders' values of a list's shape (a forged cursor is a 400 here). */
export function listValues(userId: string, o: DocumentListOptions<string>): Record<string, unknown> & { userId: string } {
  const custom = isCustomOrder(o);
  return {
    userId,
    ...(o.clientId ? { clientId: o.clientId } : {}),
    ...(o.cursor && !custom ? cursorValues(o.cursor) : {}),
    ...(o.q ? { pattern: likePattern(o.q) } : {}),
    ...(custom ? { offset: decodeOffsetCursor(o.cursor) } : {}),
  };
}

/**
 * A search in the default order with a page size (what a list screen asks) finds its ids first, in
 * a statement of its own planned with its term (documentSearchIds), then reads the page by those
 * ids in the list's statement, prepared once like any other shape. Planned whole with the term,
 * the list's statement (the session check, the answer's columns and subqueries) cost more to plan
 * than to run: about 3.5 of 5.5 ms a search on PostgreSQL (bench/results.md). A custom order reads
 * every match (its arms are not cut to the page), so it keeps one statement planned with the term.
 */
export const searchesByIds = (o: DocumentListOptions<string>): boolean => !!o.q && !!o.limit && !isCustomOrder(o);

/** The conditions every row of the list meets, search aside. */
function listFilters(doc: SearchedDocument, o: DocumentListOptions<string>, status: SQL | undefined): (SQL | undefined)[] {
  const { table } = doc;
  return [
    eq(table.userId, sql.placeholder('userId')),
    // A custom order pages by offset (its cursor is no keyset).
    isCustomOrder(o) || !o.cursor ? undefined : afterCursorPlaceholders(table.createdAt, table.id),
    status,
    o.clientId ? eq(table.clientId, sql.placeholder('clientId')) : undefined,
  ];
}

/**
 * Filters, order and paging of any other quote or invoice list, with placeholders for its values
 * (`listValues`, and `searchIds` for a search found by ids): `status` is the list's own condition
 * for `o.status`; the row limit is one more than the page, to learn if another exists, written into
 * the text (a LIMIT parameter is re-planned per request).
 */
export function documentListShape(db: Database, doc: SearchedDocument, o: DocumentListOptions<string>, status: SQL | undefined) {
  const { table } = doc;
  const custom = isCustomOrder(o);
  const filters = listFilters(doc, o, status);
  const search = !o.q
    ? undefined
    : searchesByIds(o)
      ? sql`${table.id} = any(${sql.placeholder('searchIds')}::uuid[])`
      : // The search arms are cut to the page only in the default order (their own order).
        documentSearch(db, doc, sql.placeholder('userId'), filters, { pattern: sql.placeholder('pattern') }, custom ? undefined : o.limit);
  const rows = custom ? (o.limit ?? 50) + 1 : o.limit ? o.limit + 1 : undefined;
  return {
    // Ordered by client name, the page is walked from the account's clients in name order (their
    // index), each client's documents by theirs, instead of sorting every document of the account.
    // Only on the list's own join: on other shapes this condition (always true: a document's client
    // is its account's) made the planner expect a tenth of the rows it joins, and walk none by
    // index; in a search's arms, which have no clients of their own, it would name the list's.
    where: and(...filters, o.sort === 'client' ? eq(clients.userId, sql.placeholder('userId')) : undefined, search),
    orderBy: documentOrder(o, { createdAt: table.createdAt, id: table.id, number: doc.number, clientName: clients.name, totalPence: table.totalPence }),
    /** as SQL text, for `.limit()` (drizzle would bind a number) */
    limit: rows === undefined ? undefined : (sql.raw(String(rows)) as unknown as number),
    offset: custom ? sql.placeholder('offset') : undefined,
  };
}

/**
 * The values of a list's statement with, for a search found by ids (searchesByIds), the ids its
 * term finds among the rows the list's filters allow, found by a statement built once per shape.
 */
export function withSearchIds<O extends DocumentListOptions<string>>(db: Database, doc: SearchedDocument, status: (o: O) => SQL | undefined) {
  const statements = new Map<string, (values: Record<string, unknown>) => Promise<string[]>>();
  const walkable = accountSizes(db, doc.table);
  return async <V extends Record<string, unknown> & { userId: string }>(o: O, values: V): Promise<V & { searchIds?: string[] }> => {
    if (!searchesByIds(o)) return values;
    // a small account's search walks its rows on a plan made once; a large one's is planned with its term
    const walk = await walkable(values.userId);
    const key = `${listShapeKey(o)}|${walk ? 'walk' : 'planned'}`;
    let find = statements.get(key);
    if (!find) {
      const match = walk ? { term: sql.placeholder('term') } : { pattern: sql.placeholder('pattern') };
      const ids = documentSearchIds(db, doc, sql.placeholder('userId'), listFilters(doc, o, status(o)), match, o.limit);
      find = firstColumnStatement<string>(db, ids.getSQL());
      // a list has a few dozen shapes (status, client, cursor, page size): bounded like the lists' own
      if (statements.size < 64) statements.set(key, find);
    }
    return { ...values, searchIds: await find(walk ? { ...values, term: o.q } : values) };
  };
}

/**
 * A quote or invoice list of one shape on `select` (a dynamic select of the document's columns):
 * the first page in its keyset order and index, any other through documentListShape.
 */
export function documentListQuery<T extends PgSelect>(
  select: T,
  db: Database,
  doc: SearchedDocument,
  o: DocumentListOptions<string>,
  status: SQL | undefined,
): T {
  const { table } = doc;
  if (isFirstPage(o))
    return select
      .where(eq(table.userId, sql.placeholder('userId')))
      .orderBy(...newestFirst(table.createdAt, table.id))
      .limit(sql.raw(String(o.limit! + 1)) as unknown as number);
  const shape = documentListShape(db, doc, o, status);
  select.where(shape.where).orderBy(...shape.orderBy);
  if (shape.limit !== undefined) select.limit(shape.limit);
  if (shape.offset !== undefined) select.offset(shape.offset);
  return select;
}

/**
 * The kept name of a list request for the first page in the default order (`quotes-50`), the
 * page every list screen opens on and the one the prepared statements answer; null for any other.
 */
export function firstPageName(list: string, q: DocumentListOptions<string> & { limit: number }): string | null {
  return isFirstPage(q) && Number.isSafeInteger(q.limit) ? `${list}-${q.limit}` : null;
}

/** The first page of a list in its default order (`quotes-50`), as the list route reads its query. */
export const listFirstPage =
  (list: string, schema: z.ZodType<TListQuery>) =>
  (req: Request): string | null => {
    const q = schema.safeParse(req.query);
    return q.success && isPaged(q.data) ? firstPageName(list, q.data) : null;
  };
