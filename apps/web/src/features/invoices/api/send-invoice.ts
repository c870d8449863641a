import { useMutation } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** PATCH /invoices/:id/send */
export const sendInvoice = (id: string) => apiPatch<TInvoice>(`/invoices/${id}/send`);

export function useSendInvoice() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: sendInvoice, onSuccess: invalidate });
}
