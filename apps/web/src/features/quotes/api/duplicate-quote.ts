import { useMutation } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiPost } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** POST /quotes/:id/duplicate: a new DRAFT with the same client, lines, VAT and site address. */
export const duplicateQuote = (id: string) => apiPost<TQuote>(`/quotes/${id}/duplicate`);

export function useDuplicateQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: duplicateQuote, onSuccess: invalidate });
}
