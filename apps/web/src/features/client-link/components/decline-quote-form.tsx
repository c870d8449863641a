import { useState, type FormEvent } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { declinePublicQuote } from '../api/decline-public-quote';

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
  const submit = async (e: FormEvent) => {
    e.preventDefault();
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
    <form onSubmit={submit} aria-labelledby="decline-heading" className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h2 id="decline-heading" className="text-lg font-semibold">
        Decline this quote
      </h2>
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
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-3 font-semibold text-white disabled:opacity-60">
          {busy ? 'Declining…' : 'Decline quote'}
        </button>
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-400 px-4 py-3 font-medium">
          Cancel
        </button>
      </div>
    </form>
  );
}
