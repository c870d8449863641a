import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys';

/**
 * Everything a quote change can show up in: the quote list, the dashboard figures, the monthly
 * usage in the subscription panel, and calendar events (they embed their quote's status and total).
 */
export function useInvalidateQuoteData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [queryKeys.quotes, queryKeys.dashboard, queryKeys.subscription, queryKeys.calendar].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
