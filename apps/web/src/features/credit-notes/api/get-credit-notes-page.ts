import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TPage } from '@docket/schemas/common';
import type { TCreditNote } from '@docket/schemas/credit-note';
import { apiGet } from '@/lib/api-client';
import { pagedListDefaults, pageParams, type TListFilters, type TPageCursor } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /credit-notes?limit&cursor&q: one page, newest first (q matches the number, the invoice number, the client or the reason). */
export const getCreditNotesPage = (filters: TListFilters, cursor: TPageCursor, signal?: AbortSignal) =>
  apiGet<TPage<TCreditNote>>('/credit-notes', { params: pageParams(filters, cursor), signal });

export const creditNotesPagesQueryOptions = (filters: TListFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.creditNotes, 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getCreditNotesPage(filters, pageParam, signal),
    ...pagedListDefaults,
    placeholderData: keepPreviousData,
  });

export const useCreditNotesPages = (filters: TListFilters) => useInfiniteQuery(creditNotesPagesQueryOptions(filters));
