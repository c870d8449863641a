import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a save or delete "all data reloads" (docs/product.md, "Screens"): events, clients and quotes, the
 * screen's three lists. Only the events are awaited, so a long quotes list never holds the dialog open.
 */
export function useInvalidateCalendar() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
    void queryClient.invalidateQueries({ queryKey: queryKeys.quotes });
    return queryClient.invalidateQueries({ queryKey: queryKeys.calendar });
  }, [queryClient]);
}
