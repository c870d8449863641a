import { useState } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { declinePublicQuote } from '../api/decline-public-quote';
import { ClientActionForm } from './client-action-form';

interface DeclineQuoteFormProps {
  token: string;
  onDone: (doc: TPublicDocument) => void;
  onCancel: () => void;
}

/** "Decline", with an optional reason the business will read. */
export function DeclineQuoteForm({ token, onDone, onCancel }: DeclineQuoteFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      onDone(await declinePublicQuote(token, reason));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ClientActionForm
      heading="Decline this quote"
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel="Decline quote"
      busyLabel="Declining…"
      busy={busy}
      tone="decline"
      error={error}
    >
      <div>
        <label htmlFor="decline-reason" className="text-sm font-medium text-slate-800">
          Reason (optional)
        </label>
        <textarea
          id="decline-reason"
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base"
        />
      </div>
    </ClientActionForm>
  );
}
