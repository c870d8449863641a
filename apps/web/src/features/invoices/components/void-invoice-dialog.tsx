import { invoiceNumberLabel } from '@docket/schemas/document';
import { useId, useState } from 'react';
import { REASON_MAX_LENGTH } from '@docket/schemas/constants';
import type { TInvoice } from '@docket/schemas/document';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useVoidInvoice } from '../api/void-invoice';

interface VoidInvoiceDialogProps {
  invoice: TInvoice | null;
  onClose: () => void;
}

/** Void asks why (printed on the PDF), then asks once more: a void cannot be undone. */
export function VoidInvoiceDialog({ invoice, onClose }: VoidInvoiceDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const voidInvoice = useVoidInvoice();

  const close = () => {
    setReason('');
    setError(null);
    setConfirming(false);
    onClose();
  };

  async function confirm() {
    if (!invoice) return;
    try {
      await voidInvoice.mutateAsync({ id: invoice.id, reason: reason.trim() });
      toastSuccess(`Invoice ${invoiceNumberLabel(invoice.invoiceNumber)} voided`);
      close();
    } catch (err) {
      setConfirming(false);
      toastError(errorMessage(err, 'Failed to void invoice'));
    }
  }

  return (
    <>
      <Dialog open={invoice !== null && !confirming} onOpenChange={(open) => !open && close()}>
        <DialogContent
          title={`Void invoice ${invoiceNumberLabel(invoice?.invoiceNumber)}`}
          description="A void invoice keeps its number, shows VOID on its PDF with your reason, and counts in no total."
        >
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim()) {
                setError('Reason is required');
                return;
              }
              setConfirming(true);
            }}
            className="space-y-4"
          >
            <div>
              <Label htmlFor={`${id}-reason`}>Reason *</Label>
              <Textarea
                id={`${id}-reason`}
                value={reason}
                maxLength={REASON_MAX_LENGTH}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
              />
              {error && (
                <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive">
                Void invoice
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={invoice !== null && confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        title="Void this invoice?"
        description={`${invoiceNumberLabel(invoice?.invoiceNumber)} will be void for good: this cannot be undone.`}
        confirmLabel="Yes, void it"
        onConfirm={() => void confirm()}
      />
    </>
  );
}
