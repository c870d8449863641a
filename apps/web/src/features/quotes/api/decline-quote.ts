import { useMutation } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** PATCH /quotes/:id/decline */
export const declineQuote = (id: string) => apiPatch<TQuote>(`/quotes/${id}/decline`);

export function useDeclineQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: declineQuote, onSuccess: invalidate });
}
