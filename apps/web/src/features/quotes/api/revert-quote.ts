import { useMutation } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** PATCH /quotes/:id/revert */
export const revertQuote = (id: string) => apiPatch<TQuote>(`/quotes/${id}/revert`);

export function useRevertQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: revertQuote, onSuccess: invalidate });
}
