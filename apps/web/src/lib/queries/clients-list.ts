import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClient } from '@docket/schemas/client';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /clients, the plain array (shared: the client selects of quotes, invoices and events; the Clients screen pages instead). */
export const getClients = () => apiGet<TClient[]>('/clients');

export const clientsQueryOptions = () => queryOptions({ queryKey: queryKeys.clients, queryFn: getClients });

export const useClients = () => useQuery(clientsQueryOptions());
