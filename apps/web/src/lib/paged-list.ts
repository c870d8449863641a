import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { TPage } from '@docket/schemas/common';
import { apiGet } from './api-client';

/** Rows per request on the list screens (the API allows up to PAGE_LIMIT_MAX). */
export const LIST_PAGE_SIZE = 20;

/** What a list screen filters by; blank means "not filtered". */
export interface TListFilters {
  q: string;
  status: string;
  /** 'total:asc' and the like (quotes and invoices); blank is the API's default, newest first */
  sort?: string;
}

export type TPageCursor = string | null;

/**
 * Query parameters for one page. Blank filters are left out: any parameter makes the API answer
 * a page instead of the plain array, and `limit` is always sent so that is never in doubt.
 */
export function pageParams(filters: TListFilters, cursor: TPageCursor): Record<string, string | number> {
  return {
    limit: LIST_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...sortParams(filters.sort),
  };
}

function sortParams(sort: string | undefined): Record<string, string> {
  if (!sort) return {};
  const [by, order] = sort.split(':');
  return by ? { sort: by, ...(order ? { order } : {}) } : {};
}

/** Shared by every paged list's infinite query: start without a cursor, stop when the API says so. */
export const pagedListDefaults = {
  initialPageParam: null as TPageCursor,
  getNextPageParam: <T>(last: TPage<T>): TPageCursor => last.nextCursor,
};

/** The loaded pages as one list; a row seen on an earlier page is not repeated. */
export function pagedRows<T extends { id: string }>(data: { pages: readonly TPage<T>[] } | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of data.pages) {
    for (const row of page.items) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The infinite query of one paged list screen: GET `path` page by page, newest first. The key sits
 * under the list's own prefix, so every mutation that invalidates the prefix refreshes all pages,
 * searches and filters; while a new search loads, the previous results stay on screen.
 */
export const pagedListQueryOptions = <T>(path: string, keyPrefix: readonly unknown[], filters: TListFilters) =>
  infiniteQueryOptions({
    queryKey: [...keyPrefix, 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => apiGet<TPage<T>>(path, { params: pageParams(filters, pageParam), signal }),
    ...pagedListDefaults,
    placeholderData: keepPreviousData,
  });
