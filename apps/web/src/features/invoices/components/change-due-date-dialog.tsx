import { invoiceNumberLabel } from '@docket/schemas/document';
import { useId, useState } from 'react';
import type { TInvoice } from '@docket/schemas/document';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { DialogForm } from '@/components/ui/dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useChangeDueDate } from '../api/change-due-date';

/** "Change due date": one date field; the invoice's lines and figures stay as they are. */
export function ChangeDueDateDialog({ invoice, onClose }: { invoice: TInvoice | null; onClose: () => void }) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Change due date of ${invoiceNumberLabel(invoice?.invoiceNumber)}`}
        description="Only the due date changes; the invoice's figures stay as issued."
      >
        {invoice && <DueDateForm key={invoice.id} invoice={invoice} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DueDateForm({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  const id = useId();
  const [dueDate, setDueDate] = useState(invoice.dueDate);
  const change = useChangeDueDate();
  const submit = async () => {
    try {
      await change.mutateAsync({ id: invoice.id, body: { dueDate } });
      toastSuccess('Due date changed');
      onClose();
    } catch (error) {
      toastError(errorMessage(error, 'Failed to change the due date'));
    }
  };
  return (
    <DialogForm onSubmit={() => void submit()} onCancel={onClose} submitLabel="Save due date" busy={change.isPending}>
      <Label htmlFor={`${id}-due`}>Due date</Label>
      <Input id={`${id}-due`} type="date" required value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
    </DialogForm>
  );
}
