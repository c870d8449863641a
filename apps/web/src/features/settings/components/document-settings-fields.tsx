import { TEMPLATE_LABELS, TEMPLATES } from '@docket/schemas/constants';
import { REVERSE_CHARGE_WORDING_KEYS, REVERSE_CHARGE_WORDINGS } from '@docket/schemas/vat';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { TCompanyForm } from './company-form-types';
import { SettingsSection } from './settings-section';

const TAX_PRESETS = [
  { value: 0, label: '0% (No Tax)' },
  { value: 20, label: '20% (UK VAT)' },
];

/**
 * The hint under "Invoices due after (days)" reads the value in the field: a fixed "0 is due on
 * receipt" read as if the terms were 0 days while the field said 30.
 */
export function paymentTermsHint(days: unknown): string {
  const n = typeof days === 'number' ? days : Number(days);
  if (!Number.isInteger(n) || n < 0) return 'Whole days after the invoice is issued; 0 means due on receipt';
  if (n === 0) return 'Invoices are due on receipt (0 days)';
  return `Invoices are due ${n} ${n === 1 ? 'day' : 'days'} after they are issued; 0 means due on receipt`;
}

/** Terms and Conditions, PDF Template, Number Prefixes and Default Tax Rate. */
export function DocumentSettingsFields({ form, savedTaxRate }: { form: TCompanyForm; savedTaxRate: number }) {
  const { errors } = form.formState;
  // A rate saved earlier that is not a preset stays selectable.
  const taxOptions = TAX_PRESETS.some((p) => p.value === savedTaxRate) ? TAX_PRESETS : [...TAX_PRESETS, { value: savedTaxRate, label: `${savedTaxRate}%` }];
  return (
    <>
      <SettingsSection title="Terms and Conditions" description="Printed at the bottom of your quotes and invoices.">
        <FormField label="Terms and Conditions" error={errors.terms?.message}>
          <Textarea rows={5} {...form.register('terms')} />
        </FormField>
      </SettingsSection>
      <SettingsSection title="PDF Template" description="The layout of your PDF quotes and invoices.">
        <FormField label="Template" error={errors.template?.message}>
          <Select {...form.register('template')}>
            {TEMPLATES.map((t) => (
              <option key={t} value={t}>
                {TEMPLATE_LABELS[t]}
              </option>
            ))}
          </Select>
        </FormField>
      </SettingsSection>
      <SettingsSection title="Number Prefixes" description="Quote, invoice and credit note numbers are the prefix plus a 4-digit counter, e.g. Q0001.">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Quote Prefix" required error={errors.quoteNumberPrefix?.message}>
            <Input {...form.register('quoteNumberPrefix')} />
          </FormField>
          <FormField label="Invoice Prefix" required error={errors.invoiceNumberPrefix?.message}>
            <Input {...form.register('invoiceNumberPrefix')} />
          </FormField>
          <FormField label="Credit Note Prefix" required error={errors.creditNotePrefix?.message}>
            <Input {...form.register('creditNotePrefix')} />
          </FormField>
        </div>
      </SettingsSection>
      <SettingsSection title="Default Tax Rate" description="Used for new quotes and invoices.">
        <FormField label="Default Tax Rate" error={errors.defaultTaxRate?.message}>
          <Select {...form.register('defaultTaxRate', { setValueAs: (v: string | number) => Number(v) })}>
            {taxOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
      </SettingsSection>
      <SettingsSection
        title="Payment terms"
        description="New invoices, deposits, stages, finals and recurring invoices are due this many days after they are issued, unless the client has its own terms. Invoices print 'Payment due within N days' unless your terms already say it."
      >
        <FormField label="Invoices due after (days)" hint={paymentTermsHint(form.watch('paymentTermsDays'))} error={errors.paymentTermsDays?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            step="1"
            {...form.register('paymentTermsDays', { setValueAs: (v: string | number) => Number(v) })}
          />
        </FormField>
      </SettingsSection>
      <SettingsSection
        title="Late payment"
        description="Business clients only: statutory interest at the Bank of England base rate plus 8% and fixed compensation (Late Payment of Commercial Debts (Interest) Act 1998)."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" {...form.register('latePaymentNotice')} />
            Print the late-payment notice on business clients' invoices
          </label>
          <FormField label="Bank of England base rate (%)" error={errors.baseRatePercent?.message}>
            <Input inputMode="decimal" {...form.register('baseRatePercent', { setValueAs: (v: string | number) => Number(v) })} />
          </FormField>
        </div>
      </SettingsSection>
      <SettingsSection
        title="VAT"
        description="How your VAT return figures are worked out, the reverse-charge wording your PDFs print, and the Construction Industry Scheme."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="VAT scheme" error={errors.vatScheme?.message}>
            <Select {...form.register('vatScheme')}>
              <option value="invoice">Invoice (standard) accounting</option>
              <option value="cash">Cash accounting</option>
            </Select>
          </FormField>
          <FormField label="Reverse-charge wording" error={errors.reverseChargeWording?.message}>
            <Select {...form.register('reverseChargeWording')}>
              {REVERSE_CHARGE_WORDING_KEYS.map((key) => (
                <option key={key} value={key}>
                  {REVERSE_CHARGE_WORDINGS[key]}
                </option>
              ))}
            </Select>
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" {...form.register('cisSubcontractor')} />I am a CIS subcontractor (invoices show the contractor's
            deduction)
          </label>
        </div>
      </SettingsSection>
    </>
  );
}
