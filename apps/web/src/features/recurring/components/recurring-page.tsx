import { invoiceNumberLabel } from '@docket/schemas/document';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import type { TRecurringInvoice } from '@docket/schemas/recurring';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { useClients } from '@/lib/queries/clients-list';
import { useItems } from '@/lib/queries/items-list';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DocumentForm } from '@/components/documents/document-form';
import { defaultTax, emptyLine, localIsoDateIn, type TDocumentFormValues, type TDocumentSubmit } from '@/components/documents/document-form-values';
import { useRecurringInvoices } from '../api/get-recurring-invoices';
import { useSaveRecurringInvoice } from '../api/save-recurring-invoice';
import { usePauseRecurringInvoice } from '../api/pause-recurring-invoice';
import { useDeleteRecurringInvoice } from '../api/delete-recurring-invoice';

const FREQUENCY_LABEL: Record<TRecurringInvoice['frequency'], string> = { WEEKLY: 'Weekly', MONTHLY: 'Monthly', QUARTERLY: 'Quarterly', YEARLY: 'Yearly' };

const formValues = (r: TRecurringInvoice | null, tax: number): TDocumentFormValues =>
  r
    ? {
        clientId: r.clientId,
        tax: r.tax,
        siteAddress: r.siteAddress ?? '',
        lineItems: r.lineItems.map((l) => ({ ...l })),
        frequency: r.frequency,
        startDate: r.startDate,
        endDate: r.endDate,
        dueDays: r.dueDays,
        autoSend: r.autoSend,
      }
    : {
        clientId: '',
        tax,
        siteAddress: '',
        lineItems: [emptyLine()],
        frequency: 'MONTHLY',
        startDate: localIsoDateIn(0),
        endDate: null,
        dueDays: null,
        autoSend: false,
      };

/** The Recurring screen (docs/product.md, "Recurring invoices"): schedules, their next date and the invoices they issued. */
export function RecurringPage() {
  const list = useRecurringInvoices();
  const clients = useClients();
  const items = useItems();
  const company = useCompanyProfile();
  const save = useSaveRecurringInvoice();
  const pause = usePauseRecurringInvoice();
  const remove = useDeleteRecurringInvoice();
  const symbol = company.data?.currencySymbol || '£';
  const [form, setForm] = useState<{ editing: TRecurringInvoice | null } | null>(null);

  async function submit(values: TDocumentSubmit) {
    try {
      const body = values as unknown as Parameters<typeof save.mutateAsync>[0]['body'];
      await save.mutateAsync({ id: form?.editing?.id, body });
      toastSuccess(form?.editing ? 'Recurring invoice updated' : 'Recurring invoice created');
      setForm(null);
    } catch (error) {
      toastError(errorMessage(error, 'Failed to save recurring invoice'));
    }
  }

  async function run(what: () => Promise<unknown>, done: string, failed: string) {
    try {
      await what();
      toastSuccess(done);
    } catch (error) {
      toastError(errorMessage(error, failed));
    }
  }

  const rows = list.data ?? [];
  return (
    <div>
      <PageHeader
        title="Recurring"
        subtitle="Invoices issued on a schedule"
        actions={
          <Button onClick={() => setForm({ editing: null })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Recurring Invoice
          </Button>
        }
      />
      {form && (
        <DocumentForm
          key={form.editing?.id ?? 'new'}
          kind="recurring"
          title={form.editing ? 'Edit Recurring Invoice' : 'Create Recurring Invoice'}
          submitLabel={form.editing ? 'Update Recurring Invoice' : 'Create Recurring Invoice'}
          defaultValues={formValues(form.editing, defaultTax(company.data?.defaultTaxRate))}
          clients={clients.data ?? []}
          items={items.data ?? []}
          currencySymbol={symbol}
          onSubmit={submit}
          onCancel={() => setForm(null)}
        />
      )}
      {list.isPending ? (
        <p role="status">Loading recurring invoices</p>
      ) : rows.length === 0 ? (
        <EmptyState message="No recurring invoices yet. Set one up for maintenance contracts and inspections." />
      ) : (
        <ul className="space-y-4" aria-label="Recurring invoices">
          {rows.map((r) => (
            <li key={r.id}>
              <Card className="p-4">
                <article aria-labelledby={`recurring-${r.id}`} className="space-y-2">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h2 id={`recurring-${r.id}`} className="font-semibold text-slate-900">
                        {r.client.name}: {FREQUENCY_LABEL[r.frequency]} {formatMoney(r.total, symbol)}
                      </h2>
                      <p className="text-sm text-slate-600">
                        {r.paused ? 'Paused' : r.nextRunDate ? `Next invoice ${formatDate(r.nextRunDate)}` : 'Ended'} · {r.issuedCount} issued ·{' '}
                        {r.autoSend ? 'emailed on issue' : 'kept as drafts'}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" onClick={() => setForm({ editing: r })}>
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={pause.isPending}
                        onClick={() =>
                          void run(
                            () => pause.mutateAsync({ id: r.id, paused: !r.paused }),
                            r.paused ? 'Recurring invoice resumed' : 'Recurring invoice paused',
                            'Failed to change the schedule',
                          )
                        }
                      >
                        {r.paused ? 'Resume' : 'Pause'}
                      </Button>
                      <Button
                        size="sm"
                        variant="destructive"
                        onClick={() => void run(() => remove.mutateAsync(r.id), 'Recurring invoice deleted', 'Failed to delete recurring invoice')}
                      >
                        Delete
                      </Button>
                    </div>
                  </div>
                  {r.invoices.length > 0 && (
                    <p className="text-sm text-slate-700">
                      Issued:{' '}
                      {r.invoices.map((i, n) => (
                        <span key={i.id}>
                          {n > 0 && ', '}
                          <Link to={`/invoices/${i.id}`} className="font-medium text-blue-700 hover:underline">
                            {invoiceNumberLabel(i.invoiceNumber)}
                          </Link>{' '}
                          ({formatDate(i.periodDate)})
                        </span>
                      ))}
                    </p>
                  )}
                </article>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
