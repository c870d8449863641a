import { useInfiniteQuery } from '@tanstack/react-query';
import type { TItem } from '@docket/schemas/item';
import { pagedListQueryOptions, type TListFilters } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /items?limit&cursor&q: the items screen's pages (q matches name or description). */
export const useItemsPages = (filters: TListFilters) => useInfiniteQuery(pagedListQueryOptions<TItem>('/items', queryKeys.items, filters));
