import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecurringInvoice } from '@docket/schemas/recurring';
import { apiPatch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /recurring-invoices/:id/pause or /resume */
export const pauseRecurringInvoice = ({ id, paused }: { id: string; paused: boolean }) =>
  apiPatch<TRecurringInvoice>(`/recurring-invoices/${id}/${paused ? 'pause' : 'resume'}`);

export function usePauseRecurringInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseRecurringInvoice,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.recurring }), queryClient.invalidateQueries({ queryKey: queryKeys.invoices })]),
  });
}
