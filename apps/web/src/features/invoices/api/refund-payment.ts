import { useMutation, useQuery } from '@tanstack/react-query';
import type { TRefund, TRefundablePayment } from '@docket/schemas/online-payment';
import { apiGet, apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** GET /invoices/:id/online-payments: what each online payment may still give back (under the invoices key). */
export const useOnlinePayments = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.invoices, 'online-payments', id] as const,
    queryFn: () => apiGet<TRefundablePayment[]>(`/invoices/${id}/online-payments`),
    enabled,
  });

/** POST /invoices/:id/payments/:paymentId/refund {amount}: through the payment's provider. */
export const refundPayment = ({ id, paymentId, amount }: { id: string; paymentId: string; amount: number }) =>
  apiPost<TRefund>(`/invoices/${id}/payments/${paymentId}/refund`, { amount });

export function useRefundPayment() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: refundPayment, onSuccess: invalidate });
}
