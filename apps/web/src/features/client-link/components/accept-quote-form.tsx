import { useState, type FormEvent } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { acceptPublicQuote } from '../api/accept-public-quote';
import { SignaturePadField } from './signature-pad-field';

interface AcceptQuoteFormProps {
  token: string;
  onDone: (doc: TPublicDocument) => void;
  onCancel: () => void;
}

/** "Accept and sign": typed name (required), a drawn signature (optional) and the terms box. */
export function AcceptQuoteForm({ token, onDone, onCancel }: AcceptQuoteFormProps) {
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; agree?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { name: name.trim() ? undefined : SHARE_MESSAGES.nameRequired, agree: agree ? undefined : SHARE_MESSAGES.agreeTerms };
    setErrors(next);
    if (next.name || next.agree) return;
    setBusy(true);
    try {
      onDone(await acceptPublicQuote(token, { name: name.trim(), signature, agreeTerms: true }));
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="accept-heading" className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h2 id="accept-heading" className="text-lg font-semibold">
        Accept and sign
      </h2>
      <div>
        <label htmlFor="accept-name" className="text-sm font-medium text-slate-800">
          Your full name
        </label>
        <input
          id="accept-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? 'accept-name-error' : undefined}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base"
        />
        {errors.name && (
          <p id="accept-name-error" className="mt-1 text-sm text-red-700">
            {errors.name}
          </p>
        )}
      </div>
      <SignaturePadField onChange={setSignature} />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            aria-invalid={Boolean(errors.agree)}
            aria-describedby={errors.agree ? 'accept-terms-error' : undefined}
            className="mt-0.5 h-5 w-5"
          />
          <span>I accept this quote and its terms and conditions</span>
        </label>
        {errors.agree && (
          <p id="accept-terms-error" className="mt-1 text-sm text-red-700">
            {errors.agree}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={busy} className="rounded-md bg-green-700 px-4 py-3 font-semibold text-white disabled:opacity-60">
          {busy ? 'Accepting…' : 'Accept quote'}
        </button>
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-400 px-4 py-3 font-medium">
          Cancel
        </button>
      </div>
    </form>
  );
}
