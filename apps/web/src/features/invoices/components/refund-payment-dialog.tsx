import { useId, useState } from 'react';
import { REFUND_MESSAGES, ZRefundRequest, type TRefundablePayment } from '@docket/schemas/online-payment';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { DialogForm } from '@/components/ui/dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRefundPayment } from '../api/refund-payment';

const PROVIDER = { stripe: 'Stripe', gocardless: 'GoCardless' } as const;

/** Confirms a refund of an online payment (all of what is left, or part) through its provider. */
export function RefundPaymentDialog({
  invoiceId,
  payment,
  symbol,
  onClose,
}: {
  invoiceId: string;
  payment: TRefundablePayment | null;
  symbol: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Refund this payment?"
        description={
          payment
            ? `The money goes back to the customer through ${PROVIDER[payment.provider]} and the invoice's balance due goes back up. At most ${formatMoney(payment.refundable, symbol)}.`
            : ''
        }
      >
        {payment && <RefundForm key={payment.paymentId} invoiceId={invoiceId} payment={payment} symbol={symbol} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RefundForm({ invoiceId, payment, symbol, onClose }: { invoiceId: string; payment: TRefundablePayment; symbol: string; onClose: () => void }) {
  const id = useId();
  const [amount, setAmount] = useState(payment.refundable.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundPayment();

  async function submit() {
    const parsed = ZRefundRequest.safeParse({ amount: Number(amount) });
    if (!amount.trim() || !parsed.success) {
      setError(parsed.success ? REFUND_MESSAGES.amount : (parsed.error.issues[0]?.message ?? REFUND_MESSAGES.amount));
      return;
    }
    if (parsed.data.amount > payment.refundable) {
      setError(REFUND_MESSAGES.overPaid(formatMoney(payment.refundable, symbol)));
      return;
    }
    try {
      await refund.mutateAsync({ id: invoiceId, paymentId: payment.paymentId, amount: parsed.data.amount });
      toastSuccess(`Refunded ${formatMoney(parsed.data.amount, symbol)}`);
      onClose();
    } catch (err) {
      toastError(errorMessage(err, 'Failed to refund the payment'));
    }
  }

  return (
    <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Yes, refund it" busy={refund.isPending} error={error} errorId={`${id}-error`}>
      <div>
        <Label htmlFor={`${id}-amount`}>Amount to refund ({symbol}) *</Label>
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
    </DialogForm>
  );
}
