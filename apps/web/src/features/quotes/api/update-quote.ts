import { useMutation } from '@tanstack/react-query';
import type { TQuote, TQuoteRequest } from '@docket/schemas/document';
import { apiPut } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** PUT /quotes/:id */
export const updateQuote = ({ id, body }: { id: string; body: TQuoteRequest }) => apiPut<TQuote>(`/quotes/${id}`, body);

export function useUpdateQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: updateQuote, onSuccess: invalidate });
}
