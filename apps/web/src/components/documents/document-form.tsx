import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { DOCUMENT_MESSAGES, ZInvoiceRequest, ZQuoteRequest } from '@docket/schemas/document';
import { DEFAULT_DUE_DAYS } from '@docket/schemas/constants';
import { RECURRING_FREQUENCIES, ZRecurringRequest } from '@docket/schemas/recurring';
import type { TItem } from '@docket/schemas/item';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { DocumentTotals } from './document-totals';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { localIsoDateIn, type TDocumentFormValues, type TDocumentSubmit } from './document-form-values';
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
  /** a client's own payment terms (days) set a new invoice's due date over the company's */
  clients: Array<{ id: string; name: string; address?: string | null; paymentTermsDays?: number }>;
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
  /** lines the form does not edit but the document carries (a final's deductions): in the summary, so it equals the document's figures */
  keptLines?: TDocumentFormValues['lineItems'];
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
  keptLines,
}: DocumentFormProps) {
  const form = useForm<TDocumentFormValues, unknown, TDocumentSubmit>({
    resolver: resolvers[kind],
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  // docs/product.md, "Payment terms": picking the client of a new invoice sets its due date to
  // today plus the client's terms, else the company's, until the user sets a date themselves.
  const companyTerms = useCompanyProfile().data?.paymentTermsDays ?? DEFAULT_DUE_DAYS;
  const termsOf = (clientId: string) => clients.find((c) => c.id === clientId)?.paymentTermsDays ?? companyTerms;
  const followTerms = kind === 'invoice' && !defaultValues.clientId;
  // An invoice cannot be issued while it is due before its issue date (the API refuses): say so as it is typed.
  const dueDate = useWatch({ control: form.control, name: 'dueDate' });
  const chosenClient = useWatch({ control: form.control, name: 'clientId' });
  // Followed as an effect, not only on the client's change: the company's terms may arrive after
  // the client was picked (a slow connection), and the date must then move to them.
  const chosenTerms = chosenClient ? termsOf(chosenClient) : null;
  useEffect(() => {
    if (followTerms && chosenTerms !== null && !form.getFieldState('dueDate').isDirty) form.setValue('dueDate', localIsoDateIn(chosenTerms));
  }, [followTerms, chosenTerms, chosenClient, form]);
  const dueInPast = kind === 'invoice' && Boolean(dueDate) && dueDate! < localIsoDateIn(0);
  // A native select shows a value only once its option exists: a form opened with a client (a
  // restored draft, a document being edited) before the clients arrived showed "Select a client"
  // while the form still held the client. The held client is put back when the options come.
  const clientCount = clients.length;
  useEffect(() => {
    const held = form.getValues('clientId');
    if (held && clientCount > 0) form.setValue('clientId', held);
  }, [clientCount, form]);
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
              <div>
                <FormField
                  label="Due Date"
                  required
                  error={errors.dueDate?.message}
                  hint={followTerms ? `Payment terms: ${termsOf(chosenClient)} days` : undefined}
                >
                  <Input type="date" {...form.register('dueDate')} />
                </FormField>
                {dueInPast && !errors.dueDate && (
                  <p role="status" data-testid="due-date-warning" className="mt-1 text-sm text-amber-800">
                    {DOCUMENT_MESSAGES.dueDateInPast}
                  </p>
                )}
              </div>
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
                <FormField label="Due after (days)" hint="Blank: the client's payment terms, else your company's" error={errors.dueDays?.message}>
                  <Input
                    type="number"
                    min={0}
                    max={365}
                    step="1"
                    {...form.register('dueDays', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
                  />
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
          <DocumentTotals control={form.control} currencySymbol={currencySymbol} cisRateOf={cisRateOf} vatRegistered={vatRegistered} keptLines={keptLines} />
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
