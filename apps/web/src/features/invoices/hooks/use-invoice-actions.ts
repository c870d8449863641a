import type { TInvoice } from '@docket/schemas/document';
import { useDocumentActionRunner, type TActionToasts } from '@/components/documents/use-document-action-runner';
import { usePayInvoice } from '../api/pay-invoice';
import { useSendInvoice } from '../api/send-invoice';
import type { TInvoiceAction } from '../components/invoice-actions';

/** The toasts of each invoice action ('Mark as Paid' follows the same pattern as Send). */
const TOASTS: Record<TInvoiceAction, TActionToasts> = {
  send: { success: 'Invoice sent successfully', failure: 'Failed to send invoice' },
  pay: { success: 'Invoice marked as paid', failure: 'Failed to mark invoice as paid' },
};

/** Runs a card's status action with its toasts; `pendingId` is the invoice being changed. */
export function useInvoiceActions() {
  const runner = useDocumentActionRunner();
  const mutations = { send: useSendInvoice(), pay: usePayInvoice() };

  async function run(action: TInvoiceAction, invoice: TInvoice) {
    await runner.run(invoice.id, () => mutations[action].mutateAsync(invoice.id), TOASTS[action]);
  }

  return { run, pendingId: runner.pendingId };
}
