import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ZInvoiceRequest, ZQuoteRequest } from '@docket/schemas/document';
import { RECURRING_FREQUENCIES, ZRecurringRequest } from '@docket/schemas/recurring';
import type { TItem } from '@docket/schemas/item';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { DocumentTotals } from './document-totals';
import type { TDocumentFormValues, TDocumentSubmit } from './document-form-values';
import { LineItemFields } from './line-item-fields';

type DocumentResolver = Resolver<TDocumentFormValues, unknown, TDocumentSubmit>;
const resolvers: Record<'quote' | 'invoice' | 'recurring', DocumentResolver> = {
  // A recurring invoice is the invoice's client, lines and VAT plus its schedule.
  recurring: zodResolver(ZRecurringRequest) as unknown as DocumentResolver,
  invoice: zodResolver(ZInvoiceRequest) as DocumentResolver,
  // A quote has no due date: its schema's output is the invoice shape without one.
  quote: zodResolver(ZQuoteRequest) as unknown as DocumentResolver,
};

interface DocumentFormProps {
  kind: 'quote' | 'invoice' | 'recurring';
  title: string;
  submitLabel: string;
  defaultValues: TDocumentFormValues;
  clients: Array<{ id: string; name: string; address?: string | null }>;
  items: TItem[];
  currencySymbol: string;
  /** invoices from a CIS subcontractor: the client's CIS rate, for the live summary */
  cisRateOf?: (clientId: string) => number | null;
  /** false when the company has no VAT number (the summary then warns against charging VAT) */
  vatRegistered?: boolean;
  onSubmit: (values: TDocumentSubmit) => Promise<void>;
  onCancel: () => void;
  /** Every change while the values differ from where the form started (null when back there). */
  onChangeValues?: (values: TDocumentFormValues | null) => void;
}

/** The inline create/edit form shared by quotes and invoices (docs/product.md, "Screens"). */
export function DocumentForm({
  kind,
  title,
  submitLabel,
  defaultValues,
  clients,
  items,
  currencySymbol,
  cisRateOf,
  vatRegistered,
  onSubmit,
  onCancel,
  onChangeValues,
}: DocumentFormProps) {
  const form = useForm<TDocumentFormValues, unknown, TDocumentSubmit>({
    resolver: resolvers[kind],
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  // Opening the form (from the header or a card further down) moves focus, and the view, to it.
  const { setFocus } = form;
  useEffect(() => setFocus('clientId'), [setFocus]);

  // Report what is typed, so the page can keep it as a draft in this tab.
  const { subscribe } = form;
  useEffect(() => {
    if (!onChangeValues) return;
    const start = JSON.stringify(defaultValues);
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        const now = JSON.stringify(values);
        onChangeValues(now === start ? null : (JSON.parse(now) as TDocumentFormValues));
      },
    });
  }, [subscribe, onChangeValues, defaultValues]);

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={title}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Client" required error={errors.clientId?.message} className="sm:col-span-2">
              <Select {...form.register('clientId')}>
                <option value="">Select a client</option>
                {clients.map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Tax Rate (%)" error={errors.tax?.message}>
              <Input type="number" inputMode="decimal" min={0} max={100} step="0.01" placeholder="20" {...form.register('tax', { valueAsNumber: true })} />
            </FormField>
            {kind === 'invoice' && (
              <FormField label="Due Date" required error={errors.dueDate?.message}>
                <Input type="date" {...form.register('dueDate')} />
              </FormField>
            )}
            {kind === 'recurring' && (
              <>
                <FormField label="Frequency" required error={errors.frequency?.message}>
                  <Select {...form.register('frequency')}>
                    {RECURRING_FREQUENCIES.map((f) => (
                      <option key={f} value={f}>
                        {f.charAt(0) + f.slice(1).toLowerCase()}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField label="First invoice on" required error={errors.startDate?.message}>
                  <Input type="date" {...form.register('startDate')} />
                </FormField>
                <FormField label="End date" error={errors.endDate?.message}>
                  <Input type="date" {...form.register('endDate', { setValueAs: (v: string) => (v ? v : null) })} />
                </FormField>
                <FormField label="Due after (days)" required error={errors.dueDays?.message}>
                  <Input type="number" min={0} max={365} step="1" {...form.register('dueDays', { valueAsNumber: true })} />
                </FormField>
                <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
                  <input type="checkbox" className="h-4 w-4" {...form.register('autoSend')} />
                  Email each invoice to the client when it is issued
                </label>
              </>
            )}
          </div>
          <FormField label="Site address" error={errors.siteAddress?.message}>
            <Textarea rows={2} placeholder="Where the job is, if not the client's address" {...form.register('siteAddress')} />
          </FormField>
          <label className="-mt-2 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4"
              onChange={(e) => {
                const client = clients.find((c) => c.id === form.getValues('clientId'));
                form.setValue('siteAddress', e.target.checked ? (client?.address ?? '') : '', { shouldDirty: true });
              }}
            />
            Same as the billing address
          </label>
          <LineItemFields form={form} items={items} currencySymbol={currencySymbol} />
          <DocumentTotals control={form.control} currencySymbol={currencySymbol} cisRateOf={cisRateOf} vatRegistered={vatRegistered} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
