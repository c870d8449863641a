import { useMutation } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiPatch } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** PATCH /invoices/:id/void {reason} */
export const voidInvoice = ({ id, reason }: { id: string; reason: string }) => apiPatch<TInvoice>(`/invoices/${id}/void`, { reason });

export function useVoidInvoice() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: voidInvoice, onSuccess: invalidate });
}
