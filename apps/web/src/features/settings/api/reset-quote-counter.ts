import type { TCompany } from '@docket/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company/reset-quote-counter: the counter starts again at 1; the answer holds the number the next quote really gets. */
export const resetQuoteCounter = () => apiPost<TCompany>('/company/reset-quote-counter');

export function useResetQuoteCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetQuoteCounter,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.company }),
  });
}
