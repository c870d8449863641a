import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import type { z } from 'zod';
import type { ZQuoteInvoiceRequest } from '@docket/schemas/stage-invoice';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** POST /quotes/:id/invoices: a deposit, stage or final invoice of an approved quote. */
export const invoiceQuoteInStages = ({ quoteId, body }: { quoteId: string; body: z.input<typeof ZQuoteInvoiceRequest> }) =>
  apiPost<TInvoice>(`/quotes/${quoteId}/invoices`, body);

export function useInvoiceQuoteInStages() {
  const queryClient = useQueryClient();
  const invalidateQuoteData = useInvalidateQuoteData();
  return useMutation({
    mutationFn: invoiceQuoteInStages,
    onSuccess: () => Promise.all([invalidateQuoteData(), queryClient.invalidateQueries({ queryKey: queryKeys.invoices })]),
  });
}
