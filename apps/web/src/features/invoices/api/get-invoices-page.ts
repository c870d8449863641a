import { useInfiniteQuery } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { pagedListQueryOptions, type TListFilters } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /invoices?limit&cursor&q: the invoices screen's pages (q matches number, client name or a line's description; status filters). */
export const useInvoicesPages = (filters: TListFilters) => useInfiniteQuery(pagedListQueryOptions<TInvoice>('/invoices', queryKeys.invoices, filters));
