import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TPage } from '@docket/schemas/common';
import type { TQuote } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { pagedListDefaults, pageParams, type TListFilters, type TPageCursor } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /quotes?limit&cursor&q&status: one page, newest first (q matches number, client name or a line's description). */
export const getQuotesPage = (filters: TListFilters, cursor: TPageCursor, signal?: AbortSignal) =>
  apiGet<TPage<TQuote>>('/quotes', { params: pageParams(filters, cursor), signal });

// Under the quotes prefix, so every quote mutation's invalidation refreshes all pages and filters.
export const quotesPagesQueryOptions = (filters: TListFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.quotes, 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getQuotesPage(filters, pageParam, signal),
    ...pagedListDefaults,
    // While a new search loads, the previous results stay on screen instead of skeletons.
    placeholderData: keepPreviousData,
  });

export const useQuotesPages = (filters: TListFilters) => useInfiniteQuery(quotesPagesQueryOptions(filters));
