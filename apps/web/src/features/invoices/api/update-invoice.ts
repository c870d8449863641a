import { useMutation } from '@tanstack/react-query';
import type { TInvoice, TInvoiceRequest } from '@docket/schemas/document';
import { apiPut } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** PUT /invoices/:id */
export const updateInvoice = ({ id, body }: { id: string; body: TInvoiceRequest }) => apiPut<TInvoice>(`/invoices/${id}`, body);

export function useUpdateInvoice() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: updateInvoice, onSuccess: invalidate });
}
