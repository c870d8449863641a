import { useMutation } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import type { TPaymentRequest } from '@docket/schemas/payment';
import { apiPost } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** POST /invoices/:id/payments {amount, date, method, reference} */
export const recordPayment = ({ id, body }: { id: string; body: TPaymentRequest }) => apiPost<TInvoice>(`/invoices/${id}/payments`, body);

export function useRecordPayment() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: recordPayment, onSuccess: invalidate });
}
