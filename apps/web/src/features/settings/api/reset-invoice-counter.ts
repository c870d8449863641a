import type { TCompany } from '@docket/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company/reset-invoice-counter: the counter starts again at 1; the answer holds the number the next invoice really gets. */
export const resetInvoiceCounter = () => apiPost<TCompany>('/company/reset-invoice-counter');

export function useResetInvoiceCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetInvoiceCounter,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.company }),
  });
}
