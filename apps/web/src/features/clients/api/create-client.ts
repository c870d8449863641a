import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClient, TClientRequest } from '@docket/schemas/client';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /clients */
export const createClient = (body: TClientRequest) => apiPost<TClient>('/clients', body);

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    },
  });
}
