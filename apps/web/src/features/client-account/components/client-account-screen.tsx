import { invoiceNumberLabel } from '@docket/schemas/document';
import { ShareLinkDialog } from '@/components/share-link-dialog';
import { createStatementLink, revokeStatementLink } from '../api/statement-link';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Link2 } from 'lucide-react';
import type { TClientAccount } from '@docket/schemas/client-account';
import { INVOICE_OUTSTANDING_STATUSES } from '@docket/schemas/lifecycle';
import { PAYMENT_METHOD_LABELS } from '@docket/schemas/payment';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { formatDate, formatMoney } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import { useRole } from '@/lib/role';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { useClientAccount } from '../api/get-client-account';
import { downloadStatement } from '../api/download-statement';
import { setClientReminders } from '../api/set-client-reminders';
import { setInvoiceReminders } from '../api/set-invoice-reminders';
import { allInvoiceRemindersKey } from '@/components/documents/invoice-reminders';
import { InvoiceReminderLine } from '@/components/documents/invoice-reminder-line';

function Section({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      {empty ? <p className="text-sm text-slate-500">None yet</p> : <ul className="divide-y divide-slate-100 text-sm">{children}</ul>}
    </Card>
  );
}

/** /clients/:id: details, balance, quotes, invoices, payments, credit notes and the statement (docs/product.md, "Client accounts"). */
export function ClientAccountScreen() {
  const { id = '' } = useParams();
  const account = useClientAccount(id);
  const symbol = useCurrencySymbol();
  useErrorToast(account.error, 'Failed to load client');
  const queryClient = useQueryClient();
  const { can } = useRole();
  const [sharing, setSharing] = useState(false);
  const money = (v: number) => formatMoney(v, symbol);
  // The opt-in box follows the click in the same render (the cache update reaches it a tick later), until the account is read again.
  const [optOutShown, setOptOutShown] = useState<boolean | null>(null);
  /**
   * Reminder switches show the change at once, save it and say so; the account is then read again,
   * so a refused save puts the switch back.
   */
  const saveSwitch = async (next: TClientAccount['reminders'], save: () => Promise<unknown>, done: string) => {
    // A refetch still in flight from the last switch would land after this and flip it back.
    void queryClient.cancelQueries({ queryKey: queryKeys.clientAccount(id) });
    queryClient.setQueryData<TClientAccount>(queryKeys.clientAccount(id), (old) => (old ? { ...old, reminders: next } : old));
    try {
      await save();
      toastSuccess(done);
    } catch (err) {
      toastError(errorMessage(err, 'Reminder setting could not be saved'));
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.clientAccount(id) });
      // A pause or opt-out changes the next scheduled reminder shown beside each invoice.
      await queryClient.invalidateQueries({ queryKey: allInvoiceRemindersKey });
    }
  };
  if (account.isPending) return <Skeleton className="h-64" />;
  if (account.isError) return <LoadError message="Failed to load client" onRetry={() => void account.refetch()} />;
  const { client, balance, quotes, invoices, payments, creditNotes, reminders } = account.data;
  const paused = new Set(reminders.pausedInvoiceIds);
  return (
    <div className="space-y-4">
      <PageHeader title={client.name} subtitle={client.isBusiness ? 'Business client' : 'Consumer client'} />
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/clients" className="text-sm text-brand-700 underline">
          All clients
        </Link>
        <Button variant="outline" onClick={() => void downloadStatement(client.id)}>
          <Download aria-hidden="true" className="mr-2 h-4 w-4" />
          Download statement
        </Button>
        {can('write') && (
          <Button variant="outline" onClick={() => setSharing(true)}>
            <Link2 aria-hidden="true" className="mr-2 h-4 w-4" />
            Share statement link
          </Button>
        )}
        <ShareLinkDialog
          shares={sharing ? { kind: 'statement' } : null}
          onClose={() => setSharing(false)}
          create={() => createStatementLink(client.id)}
          revoke={() => revokeStatementLink(client.id)}
        />
      </div>
      <Card className="grid gap-3 p-4 sm:grid-cols-3">
        <div>
          <p className="text-sm text-slate-500">Balance due</p>
          <p className="text-2xl font-bold" data-testid="client-balance">
            {money(balance)}
          </p>
        </div>
        <div className="text-sm">
          <p className="break-all">{client.email}</p>
          {client.phone && <p>{client.phone}</p>}
          {client.vatNumber && <p>VAT {client.vatNumber}</p>}
        </div>
        {client.address && <p className="whitespace-pre-line break-words text-sm">{client.address}</p>}
        <label className="flex items-center gap-2 text-sm sm:col-span-3">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={!(optOutShown ?? reminders.optOut)}
            onChange={(e) => {
              const optOut = !e.target.checked;
              setOptOutShown(optOut);
              void saveSwitch(
                { ...reminders, optOut },
                () => setClientReminders(client.id, optOut),
                optOut ? `No payment reminders to ${client.name}` : `Payment reminders on for ${client.name}`,
              ).finally(() => setOptOutShown(null));
            }}
          />
          Send payment reminders to this client (when reminders are on in Settings → Email)
        </label>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Invoices" empty={invoices.length === 0}>
          {invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={`/invoices/${i.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {invoiceNumberLabel(i.invoiceNumber)}
              </Link>
              <StatusBadge status={i.status} />
              <span>
                {money(i.total)} · due {money(i.balanceDue)}
              </span>
              {!reminders.optOut && INVOICE_OUTSTANDING_STATUSES.includes(i.status) && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void saveSwitch(
                      {
                        ...reminders,
                        pausedInvoiceIds: paused.has(i.id) ? reminders.pausedInvoiceIds.filter((x) => x !== i.id) : [...reminders.pausedInvoiceIds, i.id],
                      },
                      () => setInvoiceReminders(i.id, !paused.has(i.id)),
                      paused.has(i.id)
                        ? `Reminders resumed for ${invoiceNumberLabel(i.invoiceNumber)}`
                        : `Reminders paused for ${invoiceNumberLabel(i.invoiceNumber)}`,
                    )
                  }
                >
                  {paused.has(i.id) ? 'Resume reminders' : 'Pause reminders'}
                </Button>
              )}
              {!reminders.optOut && INVOICE_OUTSTANDING_STATUSES.includes(i.status) && (
                <InvoiceReminderLine invoiceId={i.id} invoiceNumber={invoiceNumberLabel(i.invoiceNumber)} paused={paused.has(i.id)} />
              )}
            </li>
          ))}
        </Section>
        <Section title="Payments" empty={payments.length === 0}>
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {formatDate(p.date)} ·{' '}
                <Link to={`/invoices/${p.invoiceId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {p.invoiceNumber}
                </Link>{' '}
                · {PAYMENT_METHOD_LABELS[p.method]}
              </span>
              <span className="font-medium">{money(p.amount)}</span>
            </li>
          ))}
        </Section>
        <Section title="Quotes" empty={quotes.length === 0}>
          {quotes.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={`/quotes/${q.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {q.quoteNumber}
              </Link>
              <StatusBadge status={q.status} />
              <span>{money(q.total)}</span>
            </li>
          ))}
        </Section>
        <Section title="Credit notes" empty={creditNotes.length === 0}>
          {creditNotes.map((c) => (
            <li key={c.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <Link to={`/credit-notes/${c.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {c.creditNoteNumber}
                </Link>{' '}
                ·{' '}
                <Link to={`/invoices/${c.invoiceId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {c.invoiceNumber}
                </Link>
              </span>
              <span className="font-medium">−{money(c.total)}</span>
            </li>
          ))}
        </Section>
      </div>
    </div>
  );
}
