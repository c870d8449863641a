import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TItem, TItemRequest } from '@docket/schemas/item';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /items */
export const createItem = (body: TItemRequest) => apiPost<TItem>('/items', body);

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.items }),
  });
}
