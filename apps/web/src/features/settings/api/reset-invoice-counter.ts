import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company/reset-invoice-counter: the next invoice number starts again at 1. */
export const resetInvoiceCounter = () => apiPost<unknown>('/company/reset-invoice-counter');

export function useResetInvoiceCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetInvoiceCounter,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.company }),
  });
}
