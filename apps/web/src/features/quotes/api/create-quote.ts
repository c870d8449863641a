import { useMutation } from '@tanstack/react-query';
import type { TQuote, TQuoteRequest } from '@docket/schemas/document';
import { apiPost } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** POST /quotes */
export const createQuote = (body: TQuoteRequest) => apiPost<TQuote>('/quotes', body);

export function useCreateQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: createQuote, onSuccess: invalidate });
}
