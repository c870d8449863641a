import { useNavigate } from 'react-router-dom';
import type { TQuote } from '@docket/schemas/document';
import { useDocumentActionRunner } from '@/components/documents/use-document-action-runner';
import { useApproveQuote } from '../api/approve-quote';
import { useDuplicateQuote } from '../api/duplicate-quote';
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
  duplicate: { success: 'Quote duplicated as a new draft', failure: 'Failed to duplicate quote' },
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
  const duplicate = useDuplicateQuote();

  /** `convert` opens the Invoice… dialog, which the page owns. */
  async function run(action: Exclude<TQuoteAction, 'convert'>, quote: TQuote) {
    if (action === 'follow-up') {
      navigate(`/calendar?fromQuote=${encodeURIComponent(quote.id)}`);
      return;
    }
    if (action === 'duplicate') {
      await runner.run(quote.id, () => duplicate.mutateAsync(quote.id), TOASTS.duplicate);
      return;
    }
    await runner.run(quote.id, () => mutations[action].mutateAsync(quote.id), TOASTS[action]);
  }

  return { run, pendingId: runner.pendingId };
}
