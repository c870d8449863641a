import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TRecurringInvoice, ZRecurringRequest } from '@docket/schemas/recurring';
import { apiPost, apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type TBody = z.input<typeof ZRecurringRequest>;

/** POST /recurring-invoices, or PUT /recurring-invoices/:id when editing. */
export const saveRecurringInvoice = ({ id, body }: { id?: string; body: TBody }) =>
  id ? apiPut<TRecurringInvoice>(`/recurring-invoices/${id}`, body) : apiPost<TRecurringInvoice>('/recurring-invoices', body);

export function useSaveRecurringInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecurringInvoice,
    // A schedule starting today issues its first invoice at once.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.recurring }), queryClient.invalidateQueries({ queryKey: queryKeys.invoices })]),
  });
}
