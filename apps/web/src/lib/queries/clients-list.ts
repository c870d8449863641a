import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClient } from '@docket/schemas/client';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /clients (shared: the Clients screen, and the client selects of quotes, invoices and events). */
export const getClients = () => apiGet<TClient[]>('/clients');

export const clientsQueryOptions = () => queryOptions({ queryKey: queryKeys.clients, queryFn: getClients });

export const useClients = () => useQuery(clientsQueryOptions());
