import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** POST /invoices/from-quote/:quoteId; without a due date ('YYYY-MM-DD') the client's or company's payment terms set it. */
export const convertQuoteToInvoice = ({ quoteId, dueDate }: { quoteId: string; dueDate?: string }) =>
  apiPost<TInvoice>(`/invoices/from-quote/${quoteId}`, dueDate ? { dueDate } : {});

export function useConvertQuoteToInvoice() {
  const queryClient = useQueryClient();
  const invalidateQuoteData = useInvalidateQuoteData();
  return useMutation({
    mutationFn: convertQuoteToInvoice,
    onSuccess: () => Promise.all([invalidateQuoteData(), queryClient.invalidateQueries({ queryKey: queryKeys.invoices })]),
  });
}
