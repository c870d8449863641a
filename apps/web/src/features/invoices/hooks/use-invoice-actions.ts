import { useState } from 'react';
import type { TInvoice } from '@docket/schemas/document';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { usePayInvoice } from '../api/pay-invoice';
import { useSendInvoice } from '../api/send-invoice';
import type { TInvoiceAction } from '../components/invoice-actions';

/** SPEC section 8 toasts ('Mark as Paid' is beyond the spec: its texts follow the same pattern). */
const TOASTS: Record<TInvoiceAction, { success: string; failure: string }> = {
  send: { success: 'Invoice sent successfully', failure: 'Failed to send invoice' },
  pay: { success: 'Invoice marked as paid', failure: 'Failed to mark invoice as paid' },
};

/** Runs a card's status action with its toasts; `pendingId` is the invoice being changed. */
export function useInvoiceActions() {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const mutations = { send: useSendInvoice(), pay: usePayInvoice() };

  async function run(action: TInvoiceAction, invoice: TInvoice) {
    setPendingId(invoice.id);
    try {
      await mutations[action].mutateAsync(invoice.id);
      toastSuccess(TOASTS[action].success);
    } catch (error) {
      toastError(errorMessage(error, TOASTS[action].failure));
    } finally {
      setPendingId(null);
    }
  }

  return { run, pendingId };
}
