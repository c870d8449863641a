import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TClient } from '@docket/schemas/client';
import type { TPage } from '@docket/schemas/common';
import { apiGet } from '@/lib/api-client';
import { pagedListDefaults, pageParams, type TListFilters, type TPageCursor } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /clients?limit&cursor&q: one page, newest first (q matches name or email). */
export const getClientsPage = (filters: TListFilters, cursor: TPageCursor, signal?: AbortSignal) =>
  apiGet<TPage<TClient>>('/clients', { params: pageParams(filters, cursor), signal });

// Under the clients prefix, so every client mutation's invalidation refreshes all pages and searches.
export const clientsPagesQueryOptions = (filters: TListFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.clients, 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getClientsPage(filters, pageParam, signal),
    ...pagedListDefaults,
    // While a new search loads, the previous results stay on screen instead of skeletons.
    placeholderData: keepPreviousData,
  });

export const useClientsPages = (filters: TListFilters) => useInfiniteQuery(clientsPagesQueryOptions(filters));
