import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /quotes, for the from-quote dialog (same key as the Quotes screen: one cache entry). */
export const getQuotesForFollowUp = () => apiGet<TQuote[]>('/quotes');

export const quotesForFollowUpQueryOptions = () => queryOptions({ queryKey: queryKeys.quotes, queryFn: getQuotesForFollowUp });

export const useQuotesForFollowUp = () => useQuery(quotesForFollowUpQueryOptions());
