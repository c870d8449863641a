import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TItem, TItemRequest } from '@docket/schemas/item';
import { apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /items/{id} */
export const updateItem = ({ id, body }: { id: string; body: TItemRequest }) => apiPut<TItem>(`/items/${id}`, body);

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.items }),
  });
}
