import { useMutation } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** PATCH /invoices/:id/pay */
export const payInvoice = (id: string) => apiPatch<TInvoice>(`/invoices/${id}/pay`);

export function usePayInvoice() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: payInvoice, onSuccess: invalidate });
}
