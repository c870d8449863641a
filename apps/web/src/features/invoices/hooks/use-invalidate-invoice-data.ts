import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys';

/**
 * Everything an invoice change can show up in: the invoice list, the dashboard figures, the monthly
 * usage in the subscription panel, and calendar events (they embed their invoice's status and total).
 */
export function useInvalidateInvoiceData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [queryKeys.invoices, queryKeys.creditNotes, queryKeys.dashboard, queryKeys.subscription, queryKeys.calendar].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
