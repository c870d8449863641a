import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TItem } from '@docket/schemas/item';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /items, the plain array (shared: line-item pickers of quotes and invoices; the Items screen pages instead). */
export const getItems = () => apiGet<TItem[]>('/items');

export const itemsQueryOptions = () => queryOptions({ queryKey: queryKeys.items, queryFn: getItems });

export const useItems = () => useQuery(itemsQueryOptions());
