import { invoiceNumberLabel } from '@docket/schemas/document';
import { useId, useMemo, useState } from 'react';
import { REASON_MAX_LENGTH } from '@docket/schemas/constants';
import type { TInvoice } from '@docket/schemas/document';
import { computeTotalsFromPounds } from '@docket/schemas/totals';
import { formatPence, poundsToPence } from '@docket/schemas/money';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { DialogForm } from '@/components/ui/dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCreateCreditNote } from '../api/create-credit-note';

interface CreditNoteDialogProps {
  invoice: TInvoice | null;
  currencySymbol: string;
  onClose: () => void;
}

interface LineChoice {
  selected: boolean;
  quantity: string;
}

/** Credit the whole invoice or chosen lines and quantities, with a reason; totals update as you choose. */
export function CreditNoteDialog({ invoice, currencySymbol, onClose }: CreditNoteDialogProps) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && onClose()}>
      {invoice && (
        <DialogContent
          title={`Credit note for ${invoiceNumberLabel(invoice.invoiceNumber)}`}
          description="A credit note reduces what the client owes. It gets its own number and cannot be changed."
        >
          <CreditNoteForm key={invoice.id} invoice={invoice} currencySymbol={currencySymbol} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CreditNoteForm({ invoice, currencySymbol, onClose }: { invoice: TInvoice; currencySymbol: string; onClose: () => void }) {
  const id = useId();
  const [mode, setMode] = useState<'whole' | 'lines'>(invoice.amountCredited > 0 ? 'lines' : 'whole');
  const [choices, setChoices] = useState<LineChoice[]>(() => invoice.lineItems.map((l) => ({ selected: false, quantity: String(l.quantity) })));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const createCreditNote = useCreateCreditNote();
  const money = (pence: number) => formatPence(pence, currencySymbol);

  const chosenLines = useMemo(
    () =>
      invoice.lineItems.flatMap((l, i) => {
        const c = choices[i]!;
        const quantity = Number(c.quantity);
        // The line keeps its VAT code, kind, discount and unit, so a credit reverses exactly what it charged.
        return c.selected ? [{ ...l, quantity }] : [];
      }),
    [choices, invoice.lineItems],
  );
  // The whole invoice credits its stored figures (a final invoice's VAT is what was left of its quote's).
  const totals =
    mode === 'whole'
      ? { subtotal: poundsToPence(invoice.subtotal), taxAmount: poundsToPence(invoice.taxAmount), total: poundsToPence(invoice.total) }
      : computeTotalsFromPounds(chosenLines, invoice.tax);
  const leftPence = poundsToPence(invoice.total) - poundsToPence(invoice.amountCredited);

  async function submit() {
    if (!reason.trim()) return setError('Reason is required');
    if (mode === 'lines' && chosenLines.length === 0) return setError('Choose at least one line to credit');
    if (mode === 'lines' && chosenLines.some((l) => !(l.quantity > 0))) return setError('Quantity must be more than 0');
    try {
      const created = await createCreditNote.mutateAsync({
        invoiceId: invoice.id,
        body: { reason: reason.trim(), ...(mode === 'lines' ? { lineItems: chosenLines } : {}) },
      });
      toastSuccess(`Credit note ${created.creditNoteNumber} created`);
      onClose();
    } catch (err) {
      toastError(errorMessage(err, 'Failed to create credit note'));
    }
  }

  const update = (i: number, patch: Partial<LineChoice>) => setChoices((all) => all.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Create credit note" busy={createCreditNote.isPending} error={error}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">What to credit</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-mode`} checked={mode === 'whole'} onChange={() => setMode('whole')} />
            The whole invoice
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-mode`} checked={mode === 'lines'} onChange={() => setMode('lines')} />
            Chosen lines
          </label>
        </div>
      </fieldset>
      {mode === 'lines' && (
        <ul className="space-y-2" aria-label="Lines to credit">
          {invoice.lineItems.map((line, i) => (
            <li key={i} className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-2">
              <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                <input type="checkbox" checked={choices[i]!.selected} onChange={(e) => update(i, { selected: e.target.checked })} />
                <span className="break-words">
                  {line.description} ({line.quantity} × {money(poundsToPence(line.unitPrice))})
                </span>
              </label>
              <div className="w-28">
                <Label htmlFor={`${id}-qty-${i}`} className="sr-only">
                  Quantity to credit for {line.description}
                </Label>
                <Input
                  id={`${id}-qty-${i}`}
                  type="number"
                  inputMode="decimal"
                  min={0.001}
                  max={line.quantity}
                  step="any"
                  value={choices[i]!.quantity}
                  disabled={!choices[i]!.selected}
                  onChange={(e) => update(i, { quantity: e.target.value })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Label htmlFor={`${id}-reason`}>Reason *</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      </div>
      <dl className="grid grid-cols-2 gap-1 rounded-md bg-slate-50 p-3 text-sm" aria-label="Credit note totals" aria-live="polite">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right">{money(totals.subtotal)}</dd>
        <dt className="text-slate-600">{invoice.vatBreakdown?.length ? 'VAT' : `VAT (${invoice.tax}%)`}</dt>
        <dd className="text-right">{money(totals.taxAmount)}</dd>
        <dt className="font-semibold">Credit total</dt>
        <dd className="text-right font-semibold">{money(totals.total)}</dd>
        <dt className="text-slate-600">Left to credit</dt>
        <dd className="text-right">{money(leftPence)}</dd>
      </dl>
    </DialogForm>
  );
}
