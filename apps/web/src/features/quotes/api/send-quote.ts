import { useMutation } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** PATCH /quotes/:id/send */
export const sendQuote = (id: string) => apiPatch<TQuote>(`/quotes/${id}/send`);

export function useSendQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: sendQuote, onSuccess: invalidate });
}
