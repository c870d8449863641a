import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /quotes (the plain list, newest first). */
export const getQuotes = () => apiGet<TQuote[]>('/quotes');

export const quotesQueryOptions = () => queryOptions({ queryKey: queryKeys.quotes, queryFn: getQuotes });

export const useQuotes = () => useQuery(quotesQueryOptions());
