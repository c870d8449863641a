import { useMutation } from '@tanstack/react-query';
import type { TInvoice, TInvoiceRequest } from '@docket/schemas/document';
import { apiPost } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** POST /invoices */
export const createInvoice = (body: TInvoiceRequest) => apiPost<TInvoice>('/invoices', body);

export function useCreateInvoice() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: createInvoice, onSuccess: invalidate });
}
