import { useInfiniteQuery } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { pagedListQueryOptions, type TListFilters } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /quotes?limit&cursor&q: the quotes screen's pages (q matches number, client name or a line's description; status filters). */
export const useQuotesPages = (filters: TListFilters) => useInfiniteQuery(pagedListQueryOptions<TQuote>('/quotes', queryKeys.quotes, filters));
