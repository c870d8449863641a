import { useMutation } from '@tanstack/react-query';
import type { TDueDateRequest, TInvoice } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** PATCH /invoices/:id/due-date: the due date alone. */
export const changeDueDate = ({ id, body }: { id: string; body: TDueDateRequest }) => apiPatch<TInvoice>(`/invoices/${id}/due-date`, body);

export function useChangeDueDate() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: changeDueDate, onSuccess: invalidate });
}
