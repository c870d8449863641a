import { useInfiniteQuery } from '@tanstack/react-query';
import type { TClient } from '@docket/schemas/client';
import { pagedListQueryOptions, type TListFilters } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /clients?limit&cursor&q: the clients screen's pages (q matches name or email). */
export const useClientsPages = (filters: TListFilters) => useInfiniteQuery(pagedListQueryOptions<TClient>('/clients', queryKeys.clients, filters));
