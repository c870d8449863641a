import type { TInvoice } from '@docket/schemas/document';
import { useDocumentActionRunner, type TActionToasts } from '@/components/documents/use-document-action-runner';
import { usePayInvoice } from '../api/pay-invoice';
import { useSendInvoice } from '../api/send-invoice';
import { useDuplicateInvoice } from '../api/duplicate-invoice';
import type { TInvoiceAction } from '../components/invoice-actions';

/** The toasts of each status action ('Mark as Paid' follows the same pattern as Send). */
type TStatusAction = Extract<TInvoiceAction, 'send' | 'pay' | 'duplicate'>;
const TOASTS: Record<TStatusAction, TActionToasts> = {
  duplicate: { success: 'Invoice duplicated as a new draft', failure: 'Failed to duplicate invoice' },
  send: { success: 'Invoice sent successfully', failure: 'Failed to send invoice' },
  pay: { success: 'Invoice marked as paid', failure: 'Failed to mark invoice as paid' },
};

/** Runs a card's status action with its toasts; `pendingId` is the invoice being changed. */
export function useInvoiceActions() {
  const runner = useDocumentActionRunner();
  const mutations = { send: useSendInvoice(), pay: usePayInvoice(), duplicate: useDuplicateInvoice() };

  /** send and pay run at once; credit and void open their dialogs (the page handles those). */
  async function run(action: TStatusAction, invoice: TInvoice) {
    await runner.run(invoice.id, () => mutations[action].mutateAsync(invoice.id), TOASTS[action]);
  }

  return { run, pendingId: runner.pendingId };
}
