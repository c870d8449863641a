import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZBankAccountRequest, type TBankAccountRequest } from '@docket/schemas/bank';
import { errorMessage } from '@/lib/api-client';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** Add a bank account: a name, and the sort code and number when the user wants them shown. */
export function AccountDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (body: TBankAccountRequest) => Promise<void> }) {
  if (!open) return null;
  return <AccountForm onClose={onClose} onSave={onSave} />;
}

function AccountForm({ onClose, onSave }: { onClose: () => void; onSave: (body: TBankAccountRequest) => Promise<void> }) {
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZBankAccountRequest), defaultValues: { name: '', sortCode: '', accountNumber: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSave({ name: values.name, sortCode: values.sortCode, accountNumber: values.accountNumber });
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'The bank account could not be added'));
    }
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="Add a bank account">
        <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Add bank account" busy={isSubmitting} error={error} errorId={errorId}>
          <FormField label="Name" required error={errors.name?.message}>
            <Input className="h-11" placeholder="Business current account" {...form.register('name')} />
          </FormField>
          <FormField label="Sort code" error={errors.sortCode?.message}>
            <Input className="h-11" inputMode="numeric" placeholder="12-34-56" {...form.register('sortCode')} />
          </FormField>
          <FormField label="Account number" error={errors.accountNumber?.message}>
            <Input className="h-11" inputMode="numeric" {...form.register('accountNumber')} />
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
