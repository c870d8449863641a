import { useMutation } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiPost } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** POST /invoices/:id/duplicate: a new DRAFT with the same client, lines, VAT and site address. */
export const duplicateInvoice = (id: string) => apiPost<TInvoice>(`/invoices/${id}/duplicate`);

export function useDuplicateInvoice() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: duplicateInvoice, onSuccess: invalidate });
}
