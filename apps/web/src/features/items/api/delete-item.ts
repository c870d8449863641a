import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /items/{id} */
export const deleteItem = (id: string) => apiDelete(`/items/${id}`);

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.items }),
  });
}
