import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { TCompanyForm } from './company-form-types';
import { SettingsSection } from './settings-section';

/** Bank Details (shown on invoices only, never on quotes). */
export function BankDetailsFields({ form }: { form: TCompanyForm }) {
  const errors = form.formState.errors.bankDetails;
  return (
    <SettingsSection title="Bank Details" description="Bank details appear only on invoices, not on quotes.">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Bank Name" error={errors?.bankName?.message}>
          <Input {...form.register('bankDetails.bankName')} />
        </FormField>
        <FormField label="Account Name" error={errors?.accountName?.message}>
          <Input {...form.register('bankDetails.accountName')} />
        </FormField>
        <FormField label="Account Number" error={errors?.accountNumber?.message}>
          <Input inputMode="numeric" {...form.register('bankDetails.accountNumber')} />
        </FormField>
        <FormField label="Sort Code" error={errors?.sortCode?.message}>
          <Input placeholder="12-34-56" {...form.register('bankDetails.sortCode')} />
        </FormField>
        <FormField label="IBAN" error={errors?.iban?.message}>
          <Input {...form.register('bankDetails.iban')} />
        </FormField>
        <FormField label="SWIFT/BIC" error={errors?.swift?.message}>
          <Input {...form.register('bankDetails.swift')} />
        </FormField>
      </div>
    </SettingsSection>
  );
}
