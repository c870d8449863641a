import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys';

/** Events only live on this screen: a change reloads the event list. */
export function useInvalidateCalendar() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.calendar }), [queryClient]);
}
