import { useQuery } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /quotes/:id: the quote's page (under the quotes key, so every quote change refreshes it). */
export const useQuote = (id: string) => useQuery({ queryKey: [...queryKeys.quotes, 'one', id] as const, queryFn: () => apiGet<TQuote>(`/quotes/${id}`) });
