import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TListFilters } from './paged-list';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box text (what the user sees as they type) and the filters the list query uses
 * (search debounced and trimmed, so a query key changes once per pause, not per keystroke).
 */
export function useListFilters() {
  // A link may open the list already searched (a converted quote links to /invoices?q=INV0001).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo<TListFilters>(() => (sort ? { q, status, sort } : { q, status }), [q, status, sort]);
  return { search, setSearch, status, setStatus, sort, setSort, filters, filtered: q !== '' || status !== '' };
}
