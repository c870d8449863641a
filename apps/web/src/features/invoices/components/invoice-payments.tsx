import { invoiceNumberLabel } from '@docket/schemas/document';
import { useState } from 'react';
import type { TInvoice } from '@docket/schemas/document';
import { PAYMENT_METHOD_LABELS } from '@docket/schemas/payment';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { PageSection } from '@/components/documents/document-page-frame';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRole } from '@/lib/role';
import type { TRefundablePayment } from '@docket/schemas/online-payment';
import { useRemovePayment } from '../api/remove-payment';
import { useOnlinePayments } from '../api/refund-payment';
import { RefundPaymentDialog } from './refund-payment-dialog';

/**
 * The payments received, each removable (a mistake), while the invoice is not void; an online
 * payment also offers Refund (owner and office), through its provider.
 */
export function InvoicePayments({ invoice, symbol }: { invoice: TInvoice; symbol: string }) {
  const [removing, setRemoving] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<TRefundablePayment | null>(null);
  const remove = useRemovePayment();
  const { can } = useRole();
  const mayRefund = can('write') && invoice.payments.some((p) => p.amount > 0);
  const online = useOnlinePayments(invoice.id, mayRefund).data ?? [];
  if (invoice.payments.length === 0) return null;
  const confirm = async () => {
    const paymentId = removing;
    setRemoving(null);
    if (!paymentId) return;
    try {
      await remove.mutateAsync({ id: invoice.id, paymentId });
      toastSuccess('Payment removed');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to remove payment'));
    }
  };
  return (
    <PageSection title="Payments">
      <ul className="divide-y divide-slate-100 text-sm" aria-label={`Payments on ${invoiceNumberLabel(invoice.invoiceNumber)}`}>
        {invoice.payments.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <time dateTime={p.date}>{formatDate(p.date)}</time> · {PAYMENT_METHOD_LABELS[p.method]}
              {p.reference ? ` · ${p.reference}` : ''}
              {p.by && <span className="block text-xs text-slate-500">Recorded by {p.by.name}</span>}
            </span>
            <span className="flex items-center gap-2">
              <span className="font-medium tabular-nums">{formatMoney(p.amount, symbol)}</span>
              {online.some((o) => o.paymentId === p.id && o.refundable > 0) && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setRefunding(online.find((o) => o.paymentId === p.id) ?? null)}
                  aria-label={`Refund payment of ${formatMoney(p.amount, symbol)} on ${formatDate(p.date)}`}
                >
                  Refund
                </Button>
              )}
              {invoice.status !== 'VOID' && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRemoving(p.id)}
                  aria-label={`Remove payment of ${formatMoney(p.amount, symbol)} on ${formatDate(p.date)}`}
                >
                  Remove
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this payment?"
        description={`The payment comes off ${invoiceNumberLabel(invoice.invoiceNumber)} and its balance due goes back up.`}
        confirmLabel="Yes, remove it"
        onConfirm={() => void confirm()}
      />
      <RefundPaymentDialog invoiceId={invoice.id} payment={refunding} symbol={symbol} onClose={() => setRefunding(null)} />
    </PageSection>
  );
}
