import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClient, TClientRequest } from '@docket/schemas/client';
import { apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /clients/{id} */
export const updateClient = ({ id, body }: { id: string; body: TClientRequest }) => apiPut<TClient>(`/clients/${id}`, body);

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => {
      // Documents and events show the client's name.
      for (const queryKey of [queryKeys.clients, queryKeys.quotes, queryKeys.invoices, queryKeys.calendar, queryKeys.dashboard]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
