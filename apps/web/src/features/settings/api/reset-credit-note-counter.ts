import type { TCompany } from '@docket/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company/reset-credit-note-counter: the counter starts again at 1; the answer holds the number the next credit note really gets. */
export const resetCreditNoteCounter = () => apiPost<TCompany>('/company/reset-credit-note-counter');

export function useResetCreditNoteCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCreditNoteCounter,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.company }),
  });
}
