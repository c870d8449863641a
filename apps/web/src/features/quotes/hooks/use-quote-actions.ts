import { useNavigate } from 'react-router-dom';
import type { TQuote } from '@docket/schemas/document';
import { defaultDueDate } from '@/components/documents/document-form-values';
import { useDocumentActionRunner } from '@/components/documents/use-document-action-runner';
import { useApproveQuote } from '../api/approve-quote';
import { useConvertQuoteToInvoice } from '../api/convert-quote-to-invoice';
import { useDeclineQuote } from '../api/decline-quote';
import { useRevertQuote } from '../api/revert-quote';
import { useSendQuote } from '../api/send-quote';
import type { TQuoteAction } from '../components/quote-actions';

/** The toasts of each status action. */
const TOASTS = {
  send: { success: 'Quote sent successfully', failure: 'Failed to send quote' },
  approve: { success: 'Quote approved successfully', failure: 'Failed to approve quote' },
  decline: { success: 'Quote declined successfully', failure: 'Failed to decline quote' },
  revert: { success: 'Quote reverted to draft', failure: 'Failed to revert quote' },
  convert: { success: 'Invoice created from quote', failure: 'Failed to create invoice from quote' },
} as const;

/** Runs a card's status action with its toasts; `pendingId` is the quote being changed. */
export function useQuoteActions() {
  const navigate = useNavigate();
  const runner = useDocumentActionRunner();
  const mutations = {
    send: useSendQuote(),
    approve: useApproveQuote(),
    decline: useDeclineQuote(),
    revert: useRevertQuote(),
  };
  const convert = useConvertQuoteToInvoice();

  async function run(action: TQuoteAction, quote: TQuote) {
    if (action === 'follow-up') {
      navigate(`/calendar?fromQuote=${encodeURIComponent(quote.id)}`);
      return;
    }
    if (action === 'convert') {
      const converted = await runner.run(
        quote.id,
        () => convert.mutateAsync({ quoteId: quote.id, dueDate: defaultDueDate() }),
        TOASTS.convert,
      );
      if (converted) navigate('/invoices');
      return;
    }
    await runner.run(quote.id, () => mutations[action].mutateAsync(quote.id), TOASTS[action]);
  }

  return { run, pendingId: runner.pendingId };
}
