import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZClientRequest, type TClient, type TClientRequest } from '@docket/schemas/client';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { PeppolIdFields, peppolIdFormDefaults, withPeppolIdFromForm } from '@/components/peppol-id-fields';
import { CIS_RATES } from '@docket/schemas/vat';

interface ClientFormProps {
  /** The client being edited; absent when adding. */
  client?: TClient;
  onSubmit: (values: TClientRequest) => Promise<void>;
  onCancel: () => void;
}

/** The inline add/edit client form (rules: ZClientRequest; docs/product.md, "Validation messages"). */
export function ClientForm({ client, onSubmit, onCancel }: ClientFormProps) {
  const form = useForm({
    resolver: withPeppolIdFromForm(zodResolver(ZClientRequest)),
    defaultValues: {
      name: client?.name ?? '',
      email: client?.email ?? '',
      phone: client?.phone ?? '',
      address: client?.address ?? '',
      isBusiness: client?.isBusiness ?? false,
      vatNumber: client?.vatNumber ?? '',
      cisRate: client?.cisRate ?? null,
      paymentTermsDays: client?.paymentTermsDays ?? null,
      // both blank is "none" (withPeppolIdFromForm): the form always sends the pair, so clearing it clears the stored id
      peppolId: peppolIdFormDefaults(client?.peppolId) as TClientRequest['peppolId'],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const editing = Boolean(client);

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{editing ? 'Edit Client' : 'Add New Client'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" required error={errors.name?.message}>
            <Input autoComplete="organization" {...form.register('name')} />
          </FormField>
          <FormField label="Email" hint="Optional: without one, sending asks for an address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" {...form.register('phone')} />
          </FormField>
          <FormField label="Address" error={errors.address?.message} className="sm:col-span-2">
            <Textarea autoComplete="street-address" {...form.register('address')} />
          </FormField>
          <label className="flex items-center gap-2 text-sm sm:col-span-1">
            <input type="checkbox" className="h-4 w-4" {...form.register('isBusiness')} />
            Business client (late-payment interest can apply)
          </label>
          <FormField label="Client VAT number" error={errors.vatNumber?.message}>
            <Input {...form.register('vatNumber')} />
          </FormField>
          <PeppolIdFields scheme={form.register('peppolId.scheme')} value={form.register('peppolId.value')} errors={errors.peppolId} whose="the client's" />
          <FormField label="CIS rate" error={errors.cisRate?.message}>
            <Select {...form.register('cisRate', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}>
              <option value="">Not a CIS contractor</option>
              {CIS_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {rate}% deduction
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label="Invoices due after (days)"
            hint="This client's payment terms; blank: your company's (Settings)"
            error={errors.paymentTermsDays?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              step="1"
              {...form.register('paymentTermsDays', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
            />
          </FormField>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Client' : 'Create Client'}
            </Button>
            <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
