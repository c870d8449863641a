import { useMutation } from '@tanstack/react-query';
import type { TQuote } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** PATCH /quotes/:id/approve */
export const approveQuote = (id: string) => apiPatch<TQuote>(`/quotes/${id}/approve`);

export function useApproveQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: approveQuote, onSuccess: invalidate });
}
