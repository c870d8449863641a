import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TItem } from '@docket/schemas/item';
import type { TPage } from '@docket/schemas/common';
import { apiGet } from '@/lib/api-client';
import { pagedListDefaults, pageParams, type TListFilters, type TPageCursor } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /items?limit&cursor&q: one page, newest first (q matches name or description). */
export const getItemsPage = (filters: TListFilters, cursor: TPageCursor, signal?: AbortSignal) =>
  apiGet<TPage<TItem>>('/items', { params: pageParams(filters, cursor), signal });

// Under the items prefix, so every item mutation's invalidation refreshes all pages and searches.
export const itemsPagesQueryOptions = (filters: TListFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.items, 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getItemsPage(filters, pageParam, signal),
    ...pagedListDefaults,
    // While a new search loads, the previous results stay on screen instead of skeletons.
    placeholderData: keepPreviousData,
  });

export const useItemsPages = (filters: TListFilters) => useInfiniteQuery(itemsPagesQueryOptions(filters));
