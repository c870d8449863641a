import { useMutation } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiDelete } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** DELETE /invoices/:id/payments/:paymentId */
export const removePayment = ({ id, paymentId }: { id: string; paymentId: string }) => apiDelete<TInvoice>(`/invoices/${id}/payments/${paymentId}`);

export function useRemovePayment() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: removePayment, onSuccess: invalidate });
}
