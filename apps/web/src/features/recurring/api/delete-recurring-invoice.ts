import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /recurring-invoices/:id (the invoices it issued stay). */
export const deleteRecurringInvoice = (id: string) => apiDelete<{ id: string }>(`/recurring-invoices/${id}`);

export function useDeleteRecurringInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRecurringInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.recurring }) });
}
