import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * A callback that invalidates every query under `awaited` and waits for their refetch, and
 * starts `background` without waiting (a long list that must not hold a dialog open).
 * Pass module constants: the callback changes only when the lists do.
 */
export function useInvalidate(awaited: readonly QueryKey[], background: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of background) void queryClient.invalidateQueries({ queryKey });
    return Promise.all(awaited.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient, awaited, background]);
}
