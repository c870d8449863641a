import { useMutation } from '@tanstack/react-query';
import type { TCreditNote, TCreditNoteRequest } from '@docket/schemas/credit-note';
import { apiPost } from '@/lib/api-client';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** POST /invoices/:id/credit-notes {reason, lineItems?} */
export const createCreditNote = ({ invoiceId, body }: { invoiceId: string; body: TCreditNoteRequest }) =>
  apiPost<TCreditNote>(`/invoices/${invoiceId}/credit-notes`, body);

export function useCreateCreditNote() {
  const invalidate = useInvalidateInvoiceData();
  return useMutation({ mutationFn: createCreditNote, onSuccess: invalidate });
}
