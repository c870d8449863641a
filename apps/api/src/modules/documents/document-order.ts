import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TDocumentSort, TSortOrder } from '@docket/schemas/document';
import { newestFirst } from '../../lib/list-query.ts';

export interface DocumentSortOptions {
  sort?: TDocumentSort;
  order?: TSortOrder;
}

/** Date sorts newest first unless asked otherwise; number, client and total ascend by default. */
const orderOf = (o: DocumentSortOptions): TSortOrder => o.order ?? (o.sort === undefined || o.sort === 'date' ? 'desc' : 'asc');

/**
 * True when a page is asked for in another order than the default newest first: such pages are
 * cut by offset (docs/product.md, "Document lists"); the default keeps its keyset cursor and index.
 */
export const isCustomOrder = (o: DocumentSortOptions): boolean => (o.sort ?? 'date') !== 'date' || orderOf(o) !== 'desc';

interface SortColumns {
  createdAt: PgColumn;
  id: PgColumn;
  number: PgColumn;
  clientName: PgColumn;
  totalPence: PgColumn;
}

/** ORDER BY for a custom order, ties broken newest first then by id so pages never overlap. */
export function documentOrder(o: DocumentSortOptions, c: SortColumns): SQL[] {
  if (!isCustomOrder(o)) return newestFirst(c.createdAt, c.id);
  const dir = orderOf(o) === 'asc' ? sql`asc` : sql`desc`;
  const ties = [sql`${c.createdAt} desc`, sql`${c.id} desc`];
  switch (o.sort ?? 'date') {
    case 'number':
      // Q9999 before Q10000: shorter numbers first, then by text.
      return [sql`length(${c.number}) ${dir}`, sql`${c.number} ${dir}`, ...ties];
    case 'client':
      return [sql`lower(${c.clientName}) ${dir}`, ...ties];
    case 'total':
      return [sql`${c.totalPence} ${dir}`, ...ties];
    default:
      return [sql`${c.createdAt} ${dir}`, sql`${c.id} ${dir}`];
  }
}
