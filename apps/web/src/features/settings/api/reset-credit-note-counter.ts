import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company/reset-credit-note-counter: the next credit note number starts again at 1. */
export const resetCreditNoteCounter = () => apiPost<unknown>('/company/reset-credit-note-counter');

export function useResetCreditNoteCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCreditNoteCounter,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.company }),
  });
}
