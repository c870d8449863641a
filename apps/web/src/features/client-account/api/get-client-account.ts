import { useQuery } from '@tanstack/react-query';
import type { TClientAccount } from '@docket/schemas/client-account';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /clients/:id/account */
export const getClientAccount = (id: string) => apiGet<TClientAccount>(`/clients/${id}/account`);

export const useClientAccount = (id: string) => useQuery({ queryKey: queryKeys.clientAccount(id), queryFn: () => getClientAccount(id) });
