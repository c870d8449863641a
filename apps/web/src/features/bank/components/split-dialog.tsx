import { useId, useState } from 'react';
import type { TBankLine } from '@docket/schemas/bank';
import { formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useOpenInvoices } from '../api/get-open-invoices';

interface Props {
  line: TBankLine | null;
  onClose: () => void;
  onConfirm: (line: TBankLine, allocations: { invoiceId: string; amount: number }[]) => Promise<void>;
}

/** One payment in across several invoices: an amount per open invoice, adding up to the money in. */
export function SplitDialog({ line, onClose, onConfirm }: Props) {
  const errorId = useId();
  const invoices = useOpenInvoices(line !== null);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!line) return null;
  const allocations = Object.entries(amounts)
    .map(([invoiceId, v]) => ({ invoiceId, amount: Number(v) }))
    .filter((a) => Number.isFinite(a.amount) && a.amount > 0);
  const sum = Math.round(allocations.reduce((t, a) => t + a.amount * 100, 0));
  const left = Math.round(line.amount * 100) - sum;

  async function submit() {
    if (allocations.length === 0) return setError('Enter an amount against at least one invoice');
    if (left !== 0) return setError(`The amounts must add up to ${formatMoney(line!.amount)}`);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(line!, allocations);
      setAmounts({});
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'The payments could not be recorded'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Split across invoices" description={`${formatMoney(line.amount)} in from "${line.description}": how much paid which invoice?`}>
        <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Record payments" busy={busy} error={error} errorId={errorId}>
          {invoices.isPending ? (
            <Spinner />
          ) : (invoices.data ?? []).length === 0 ? (
            <p className="text-sm text-slate-600">No invoices are waiting for payment.</p>
          ) : (
            <ul className="space-y-3">
              {invoices.data!.map((inv) => (
                <li key={inv.id} className="grid grid-cols-[1fr_8rem] items-end gap-2">
                  <Label htmlFor={`${errorId}-${inv.id}`} className="mb-2">
                    {inv.invoiceNumber} · {inv.client?.name ?? ''} · {formatMoney(inv.balanceDue)} due
                  </Label>
                  <Input
                    id={`${errorId}-${inv.id}`}
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    className="h-11"
                    value={amounts[inv.id] ?? ''}
                    onChange={(e) => setAmounts((a) => ({ ...a, [inv.id]: e.target.value }))}
                  />
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-slate-700" aria-live="polite">
            {left === 0 ? 'Adds up to the money in.' : left > 0 ? `${formatMoney(left / 100)} still to allocate` : `${formatMoney(-left / 100)} too much`}
          </p>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
