import { CURRENCIES, CURRENCY_CODES } from '@docket/schemas/constants';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { PeppolIdFields } from '@/components/peppol-id-fields';
import type { TCompanyForm } from './company-form-types';
import { SettingsSection } from './settings-section';

/** Company Information: name, email, phone, website, VAT number, Peppol id, currency (sets the symbol), address. */
export function CompanyInfoFields({ form }: { form: TCompanyForm }) {
  const { errors } = form.formState;
  const currency = form.watch('currency') ?? 'GBP';
  const symbol = CURRENCIES[currency as keyof typeof CURRENCIES]?.symbol ?? '£';
  return (
    <SettingsSection title="Company Information" description="These details appear on your quotes and invoices.">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Company Name" required error={errors.name?.message}>
          <Input autoComplete="organization" {...form.register('name')} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label="Website" error={errors.website?.message}>
          <Input type="url" inputMode="url" autoComplete="url" placeholder="https://example.co.uk" {...form.register('website')} />
        </FormField>
        <FormField label="VAT Number" error={errors.vatNumber?.message}>
          <Input {...form.register('vatNumber')} />
        </FormField>
        <PeppolIdFields scheme={form.register('peppolId.scheme')} value={form.register('peppolId.value')} errors={errors.peppolId} whose="your" />
        <div className="grid grid-cols-[1fr_auto] items-end gap-3">
          <FormField label="Currency" error={errors.currency?.message} className="min-w-0">
            <Select {...form.register('currency')}>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code} ({CURRENCIES[code].symbol}) - {CURRENCIES[code].name}
                </option>
              ))}
            </Select>
          </FormField>
          <p className="pb-2 text-sm text-slate-600" aria-live="polite">
            Symbol: <span className="font-semibold text-slate-900">{symbol}</span>
          </p>
        </div>
        <FormField label="Address" error={errors.address?.message} className="sm:col-span-2">
          <Textarea autoComplete="street-address" {...form.register('address')} />
        </FormField>
      </div>
    </SettingsSection>
  );
}
