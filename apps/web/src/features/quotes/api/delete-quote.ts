import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** DELETE /quotes/:id */
export const deleteQuote = (id: string) => apiDelete(`/quotes/${id}`);

export function useDeleteQuote() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: deleteQuote, onSuccess: invalidate });
}
