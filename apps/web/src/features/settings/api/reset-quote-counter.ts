import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company/reset-quote-counter: the next quote number starts again at 1. */
export const resetQuoteCounter = () => apiPost<unknown>('/company/reset-quote-counter');

export function useResetQuoteCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetQuoteCounter,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.company }),
  });
}
