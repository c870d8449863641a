import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface DialogFormProps {
  /** runs on submit (the browser's own validation is off: each form shows its own messages) */
  onSubmit: () => unknown;
  onCancel: () => void;
  submitLabel: ReactNode;
  /** disables the submit button while the request is in flight */
  busy?: boolean;
  /** the form's one message, announced as an alert under the fields */
  error?: string | null;
  /** id of that message, for fields that point at it with aria-describedby */
  errorId?: string;
  className?: string;
  children: ReactNode;
}

/** A dialog's form: its fields, its one error message, then Cancel and the action, right-aligned. */
export function DialogForm({ onSubmit, onCancel, submitLabel, busy, error, errorId, className, children }: DialogFormProps) {
  return (
    <form
      noValidate
      className={cn('space-y-4', className)}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
