import { invoiceNumberLabel } from '@docket/schemas/document';
import { useId, useState } from 'react';
import type { TInvoice } from '@docket/schemas/document';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_MESSAGES, PAYMENT_REFERENCE_MAX, ZPaymentRequest, type TPaymentMethod } from '@docket/schemas/payment';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { DialogForm } from '@/components/ui/dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRecordPayment } from '../api/record-payment';

interface RecordPaymentDialogProps {
  invoice: TInvoice | null;
  currencySymbol: string;
  onClose: () => void;
}

const todayInLondon = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/** Amount (prefilled with the balance due), date, method and reference; the server re-checks everything. */
export function RecordPaymentDialog({ invoice, currencySymbol, onClose }: RecordPaymentDialogProps) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Record payment on ${invoiceNumberLabel(invoice?.invoiceNumber)}`}
        description={`Balance due ${formatMoney(invoice?.balanceDue ?? 0, currencySymbol)}`}
      >
        {/* keyed by invoice: each opening starts from that invoice's balance */}
        {invoice && <PaymentForm key={invoice.id} invoice={invoice} currencySymbol={currencySymbol} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({ invoice, currencySymbol, onClose }: { invoice: TInvoice; currencySymbol: string; onClose: () => void }) {
  const id = useId();
  const [amount, setAmount] = useState(invoice.balanceDue.toFixed(2));
  const [date, setDate] = useState(todayInLondon());
  const [method, setMethod] = useState<TPaymentMethod>('BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = useRecordPayment();

  async function submit() {
    const parsed = ZPaymentRequest.safeParse({ amount: Number(amount), date, method, reference });
    if (!amount.trim() || !parsed.success) {
      setError(parsed.success ? PAYMENT_MESSAGES.amount : (parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.amount));
      return;
    }
    if (date > todayInLondon()) {
      setError(PAYMENT_MESSAGES.future);
      return;
    }
    try {
      await record.mutateAsync({ id: invoice.id, body: { amount: Number(amount), date, method, reference: reference || null } });
      toastSuccess('Payment recorded');
      onClose();
    } catch (err) {
      toastError(errorMessage(err, 'Failed to record payment'));
    }
  }

  return (
    <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Record payment" busy={record.isPending} error={error} errorId={`${id}-error`}>
      <div>
        <Label htmlFor={`${id}-amount`}>Amount ({currencySymbol}) *</Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setAmount(e.target.value);
            setError(null);
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input id={`${id}-date`} type="date" value={date} max={todayInLondon()} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div>
          <Label htmlFor={`${id}-method`}>Method</Label>
          <select
            id={`${id}-method`}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={method}
            onChange={(e) => setMethod(e.target.value as TPaymentMethod)}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-reference`}>Reference</Label>
        <Input id={`${id}-reference`} value={reference} maxLength={PAYMENT_REFERENCE_MAX} onChange={(e) => setReference(e.target.value)} />
      </div>
    </DialogForm>
  );
}
