import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /clients/{id} (409 when the client still has documents or events). */
export const deleteClient = (id: string) => apiDelete(`/clients/${id}`);

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    },
  });
}
