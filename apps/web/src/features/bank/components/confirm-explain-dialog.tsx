import { useId, useState } from 'react';
import { formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { TLineAction } from './line-card';

const SIMPLE: Record<string, { title: string; text: string; confirm: string }> = {
  OTHER_INCOME: {
    title: 'Other income',
    text: 'Record this money in as income that is not an invoice payment (interest, a grant).',
    confirm: 'Mark as other income',
  },
  TRANSFER: { title: 'Transfer', text: 'Record this as money moved between your own accounts: it is not income or spending.', confirm: 'Mark as transfer' },
  DRAWINGS: { title: 'Drawings', text: 'Record this as money you took out of the business for yourself: not an expense.', confirm: 'Mark as drawings' },
  REFUND: { title: 'Refund', text: 'Record this as money given back to a customer.', confirm: 'Mark as refund' },
  TAX: { title: 'Tax payment', text: 'Record this as a payment to HMRC (VAT, Income Tax, PAYE): not an expense.', confirm: 'Mark as tax payment' },
};

type TConfirmable = Extract<TLineAction, { kind: 'match' | 'simple' | 'undo' }>;

interface Props {
  action: TConfirmable | null;
  onClose: () => void;
  /** runs the explanation (or the undo); rejects with the API's error */
  onConfirm: (action: TConfirmable, note: string) => Promise<void>;
}

/** "Are you sure?" for a suggested match, a simple type (with an optional note) or an undo. */
export function ConfirmExplainDialog({ action, onClose, onConfirm }: Props) {
  const errorId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!action) return null;
  const amount = formatMoney(Math.abs(action.line.amount));
  const copy =
    action.kind === 'match'
      ? {
          title: 'Confirm the match',
          text: `Record ${amount} paid on ${action.suggestion.invoiceNumber} (${formatMoney(action.suggestion.amount)} due) from "${action.line.description}"?`,
          confirm: `Record payment on ${action.suggestion.invoiceNumber}`,
        }
      : action.kind === 'undo'
        ? {
            title: 'Undo the explanation',
            text: `Put "${action.line.description}" back to explain? The payments or the expense it made are deleted.`,
            confirm: 'Undo explanation',
          }
        : SIMPLE[action.type]!;

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(action!, note);
      setNote('');
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'That could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={copy.title} description={copy.text}>
        <DialogForm onSubmit={submit} onCancel={onClose} submitLabel={copy.confirm} busy={busy} error={error} errorId={errorId}>
          {action.kind === 'simple' && (
            <FormField label="Note (optional)">
              <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            </FormField>
          )}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
