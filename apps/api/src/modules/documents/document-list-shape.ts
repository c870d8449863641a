import type { Request } from 'express';
import type { z } from 'zod';
import type { TListQuery } from '@docket/schemas/common';
import { and, eq, type SQL } from 'drizzle-orm';
import { isPaged } from '../../lib/paged-request.ts';
import type { Database } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';
import { afterCursor } from '../../lib/list-query.ts';
import { decodeOffsetCursor } from '../../lib/pagination.ts';
import { documentOrder, isCustomOrder, type DocumentSortOptions } from './document-order.ts';
import { documentSearch, type SearchedDocument } from './document-search.ts';

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
 * Filters, order and paging of any other quote or invoice list: `status` is the list's own
 * condition for `o.status`; the row limit is one more than the page, to learn if another exists.
 */
export function documentListShape(db: Database, doc: SearchedDocument, userId: string, o: DocumentListOptions<string>, status: SQL | undefined) {
  const { table } = doc;
  const custom = isCustomOrder(o);
  const filters = [
    eq(table.userId, userId),
    // A custom order pages by offset (its cursor is no keyset).
    custom ? undefined : afterCursor(o.cursor, table.createdAt, table.id),
    status,
    o.clientId ? eq(table.clientId, o.clientId) : undefined,
  ];
  // The search arms are cut to the page only in the default order (their own order).
  const search = documentSearch(db, doc, userId, filters, o.q, custom ? undefined : o.limit);
  return {
    where: and(...filters, search),
    orderBy: documentOrder(o, { createdAt: table.createdAt, id: table.id, number: doc.number, clientName: clients.name, totalPence: table.totalPence }),
    limit: custom ? (o.limit ?? 50) + 1 : o.limit ? o.limit + 1 : undefined,
    offset: custom ? decodeOffsetCursor(o.cursor) : 0,
  };
}

/**
 * The kept name of a list request for the first page in the default order (`invoices-50`), the
 * page every list screen opens on and the one the prepared statements answer; null for any other.
 */
export function firstPageName(list: string, q: DocumentListOptions<string> & { limit: number }): string | null {
  return isFirstPage(q) && Number.isSafeInteger(q.limit) ? `${list}-${q.limit}` : null;
}

/** The first page of a list in its default order (`invoices-50`), as the list route reads its query. */
export const listFirstPage =
  (list: string, schema: z.ZodType<TListQuery>) =>
  (req: Request): string | null => {
    const q = schema.safeParse(req.query);
    return q.success && isPaged(q.data) ? firstPageName(list, q.data) : null;
  };
