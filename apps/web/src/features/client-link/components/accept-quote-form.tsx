import { useState } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { acceptPublicQuote } from '../api/accept-public-quote';
import { SignaturePadField } from './signature-pad-field';
import { ClientActionForm } from './client-action-form';

interface AcceptQuoteFormProps {
  token: string;
  /** the version of the quote the page shows: the acceptance is of exactly that one */
  version: number;
  onDone: (doc: TPublicDocument) => void;
  onCancel: () => void;
}

const fieldErrors = (name: string, agree: boolean) => ({
  name: name.trim() ? undefined : SHARE_MESSAGES.nameRequired,
  agree: agree ? undefined : SHARE_MESSAGES.agreeTerms,
});

/** "Accept and sign": typed name (required), a drawn signature (optional) and the terms box. */
export function AcceptQuoteForm({ token, version, onDone, onCancel }: AcceptQuoteFormProps) {
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  // After the first submit the fields are checked on every change, so a message goes as soon as it is fixed.
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const errors = { ...(submitted ? fieldErrors(name, agree) : {}), form: formError };

  const submit = async () => {
    setSubmitted(true);
    setFormError(undefined);
    const next = fieldErrors(name, agree);
    if (next.name || next.agree) return;
    setBusy(true);
    try {
      onDone(await acceptPublicQuote(token, { name: name.trim(), signature, agreeTerms: true, version }));
    } catch (err) {
      setFormError(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ClientActionForm
      heading="Accept and sign"
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel="Accept quote"
      busyLabel="Accepting…"
      busy={busy}
      tone="accept"
      error={errors.form}
    >
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
    </ClientActionForm>
  );
}
