import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** DELETE /invoices/:id */
export const deleteInvoice = (id: string) => apiDelete(`/invoices/${id}`);

export function useDeleteInvoice() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: deleteInvoice, onSuccess: invalidate });
}
