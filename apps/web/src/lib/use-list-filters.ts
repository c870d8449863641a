import { useMemo, useState } from 'react';
import type { TListFilters } from './paged-list';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box text (what the user sees as they type) and the filters the list query uses
 * (search debounced and trimmed, so a query key changes once per pause, not per keystroke).
 */
export function useListFilters() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo<TListFilters>(() => ({ q, status }), [q, status]);
  return { search, setSearch, status, setStatus, filters, filtered: q !== '' || status !== '' };
}
