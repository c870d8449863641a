import { useId, type ReactNode } from 'react';

interface ClientActionFormProps {
  heading: string;
  onSubmit: () => unknown;
  onCancel: () => void;
  /** the action's words, and its words while the request is in flight */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** accept is green, decline red: the customer sees at a glance which answer they are giving */
  tone: 'accept' | 'decline';
  error?: string | null;
  children: ReactNode;
}

const TONES = { accept: 'bg-green-700', decline: 'bg-red-700' } as const;

/** A customer's answer on the client link: a titled card, its fields, a message, then the action and Cancel (large, for a phone). */
export function ClientActionForm({ heading, onSubmit, onCancel, submitLabel, busyLabel, busy, tone, error, children }: ClientActionFormProps) {
  const headingId = useId();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      {children}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={busy} className={`rounded-md ${TONES[tone]} px-4 py-3 font-semibold text-white disabled:opacity-60`}>
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-400 px-4 py-3 font-medium">
          Cancel
        </button>
      </div>
    </form>
  );
}
