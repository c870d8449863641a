import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TPage } from '@docket/schemas/common';
import type { TInvoice } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { pagedListDefaults, pageParams, type TListFilters, type TPageCursor } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /invoices?limit&cursor&q&status: one page, newest first (q matches number, client name or a line's description). */
export const getInvoicesPage = (filters: TListFilters, cursor: TPageCursor, signal?: AbortSignal) =>
  apiGet<TPage<TInvoice>>('/invoices', { params: pageParams(filters, cursor), signal });

// Under the invoices prefix, so every invoice mutation's invalidation refreshes all pages and filters.
export const invoicesPagesQueryOptions = (filters: TListFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.invoices, 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getInvoicesPage(filters, pageParam, signal),
    ...pagedListDefaults,
    // While a new search loads, the previous results stay on screen instead of skeletons.
    placeholderData: keepPreviousData,
  });

export const useInvoicesPages = (filters: TListFilters) => useInfiniteQuery(invoicesPagesQueryOptions(filters));
