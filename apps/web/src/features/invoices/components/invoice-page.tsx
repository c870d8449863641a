import { invoiceNumberLabel } from '@docket/schemas/document';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { TInvoice } from '@docket/schemas/document';
import { invoiceFigures } from '@docket/schemas/document-figures';
import { INVOICE_DELETABLE_STATUSES, INVOICE_EDITABLE_STATUSES, OVERDUE, invoiceActionsFor } from '@docket/schemas/lifecycle';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useClients } from '@/lib/queries/clients-list';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { useItems } from '@/lib/queries/items-list';
import { toastError, toastSuccess } from '@/lib/toast';
import { DocumentFiguresView } from '@/components/documents/document-figures-view';
import { DocumentLines } from '@/components/documents/document-lines';
import { DocumentPageFrame, PageSection } from '@/components/documents/document-page-frame';
import { DocumentDownloads } from '@/components/documents/document-downloads';
import { DocumentForm } from '@/components/documents/document-form';
import { defaultTax } from '@/components/documents/document-form-values';
import { HistoryTimeline } from '@/components/documents/history-timeline';
import { InvoiceReminderLine } from '@/components/documents/invoice-reminder-line';
import { INVOICE_OUTSTANDING_STATUSES } from '@docket/schemas/lifecycle';
import { LinkedDocuments } from '@/components/documents/linked-documents';
import { ShareLinkDialog } from '@/components/share-link-dialog';
import { DeliveryStatus } from '@/components/documents/email/delivery-status';
import { EmailDialog } from '@/components/documents/email/email-dialog';
import { openPdfPreview } from '@/components/documents/open-pdf-preview';
import { ActionsMenu, type TMenuAction } from '@/components/ui/actions-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/page-spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { Spinner } from '@/components/ui/spinner';
import { useInvoice } from '../api/get-invoice';
import { getInvoiceHistory, invoiceHistoryKey } from '../api/get-invoice-history';
import { useDeleteInvoice } from '../api/delete-invoice';
import { revokeInvoiceLink } from '../api/revoke-invoice-link';
import { shareInvoice } from '../api/share-invoice';
import { useUpdateInvoice } from '../api/update-invoice';
import { useInvoiceActions } from '../hooks/use-invoice-actions';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';
import { ChangeDueDateDialog } from './change-due-date-dialog';
import { CreditNoteDialog } from './credit-note-dialog';
import { INVOICE_ACTION_LABELS } from './invoice-actions';
import { InvoicePayments } from './invoice-payments';
import { invoiceFormValues } from './invoice-form-values';
import { RecordPaymentDialog } from './record-payment-dialog';
import { VoidInvoiceDialog } from './void-invoice-dialog';

type Dialog = 'email' | 'payment' | 'credit' | 'void' | 'share' | 'due' | 'delete' | null;

const TYPE_LABELS = { FULL: 'Invoice', DEPOSIT: 'Deposit invoice', STAGE: 'Stage invoice', FINAL: 'Final invoice' } as const;

/** /invoices/:id (docs/product.md, "Document pages"). */
export function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  if (invoice.isPending) return <PageSpinner />;
  if (invoice.isError) return <LoadError message={errorMessage(invoice.error, 'Failed to load the invoice')} onRetry={() => void invoice.refetch()} />;
  return <InvoiceView invoice={invoice.data} />;
}

function InvoiceView({ invoice }: { invoice: TInvoice }) {
  const navigate = useNavigate();
  const company = useCompanyProfile();
  const symbol = company.data?.currencySymbol || '£';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState(false);
  const actions = useInvoiceActions();
  const invalidate = useInvalidateInvoiceData();
  const remove = useDeleteInvoice();
  const figures = invoiceFigures(invoice, symbol, company.data?.reverseChargeWording);
  const status = invoice.status;
  const isDraft = status === 'DRAFT';
  const isVoid = status === 'VOID';
  const owing = !isDraft && !isVoid && figures.amountDuePence > 0;
  const offered = invoiceActionsFor(status).filter((a) => a !== 'void' || invoice.creditNotes.length === 0);
  const close = () => setDialog(null);

  const primary = isDraft
    ? { label: 'Send by email', run: () => setDialog('email') }
    : status === OVERDUE
      ? { label: 'Send reminder', run: () => setDialog('email') }
      : owing && offered.includes('payment')
        ? { label: 'Record payment', run: () => setDialog('payment') }
        : isVoid
          ? { label: 'Duplicate', run: () => void actions.run('duplicate', invoice) }
          : { label: 'Open PDF', run: () => void openPdfPreview(`/invoices/${invoice.id}/preview`) };

  const menu: TMenuAction[] = [];
  if (INVOICE_EDITABLE_STATUSES.includes(status)) menu.push({ label: 'Edit', onSelect: () => setEditing(true) });
  else if (!isVoid) menu.push({ label: 'Change due date', onSelect: () => setDialog('due') });
  if (!isDraft && !isVoid && primary.label !== 'Send reminder') menu.push({ label: 'Email', onSelect: () => setDialog('email') });
  if (!isVoid) menu.push({ label: 'Share link', onSelect: () => setDialog('share') });
  for (const a of offered) {
    if (a === 'payment' && primary.label === 'Record payment') continue;
    const label = INVOICE_ACTION_LABELS[a];
    if (a === 'payment') menu.push({ label, onSelect: () => setDialog('payment') });
    else if (a === 'credit') menu.push({ label: 'Issue credit note', onSelect: () => setDialog('credit') });
    else if (a === 'void') menu.push({ label: 'Void invoice', onSelect: () => setDialog('void'), danger: true });
    else menu.push({ label, onSelect: () => void actions.run(a, invoice), disabled: actions.pendingId === invoice.id });
  }
  if (primary.label !== 'Duplicate') menu.push({ label: 'Duplicate', onSelect: () => void actions.run('duplicate', invoice) });
  if (INVOICE_DELETABLE_STATUSES.includes(status)) menu.push({ label: 'Delete', onSelect: () => setDialog('delete'), danger: true });

  const headline = isVoid
    ? { label: 'Void', text: formatMoney(0, symbol) }
    : figures.paidInFull
      ? { label: 'Paid in full', text: formatMoney(invoice.total, symbol) }
      : { label: isDraft ? 'Amount due' : 'Balance due', text: formatMoney(figures.amountDuePence / 100, symbol) };

  const confirmDelete = async () => {
    close();
    try {
      await remove.mutateAsync(invoice.id);
      toastSuccess('Invoice deleted successfully');
      void navigate('/invoices');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete invoice'));
    }
  };

  return (
    <>
      <DocumentPageFrame
        back={{ to: '/invoices', label: 'Invoices' }}
        kindLabel={invoice.quoteInvoiceType ? TYPE_LABELS[invoice.quoteInvoiceType] : 'Invoice'}
        number={invoiceNumberLabel(invoice.invoiceNumber)}
        status={<StatusBadge status={status} />}
        client={invoice.client}
        meta={
          <>
            Issued <time dateTime={invoice.createdAt}>{formatDate(invoice.createdAt)}</time> · Due{' '}
            <time dateTime={invoice.dueDate}>{formatDate(invoice.dueDate)}</time>
          </>
        }
        headline={headline}
        actions={
          <>
            <Button onClick={primary.run} disabled={actions.pendingId === invoice.id}>
              {primary.label}
            </Button>
            <ActionsMenu actions={menu} />
          </>
        }
        editor={editing ? <InvoiceEditor invoice={invoice} onDone={() => setEditing(false)} /> : undefined}
        document={
          <>
            {invoice.siteAddress && <p className="mb-2 text-sm text-slate-600">Site address: {invoice.siteAddress}</p>}
            <DocumentLines lines={invoice.lineItems} tax={invoice.tax} symbol={symbol} />
            <div className="mt-4 border-t border-slate-200 pt-4">
              <DocumentFiguresView figures={figures} />
            </div>
            {figures.afterTotal.length > 0 && (
              <p className="mt-3 text-xs text-slate-600">
                The CIS deduction is withheld by the contractor and paid to HMRC on your behalf: it is why the amount due is less than the total.
              </p>
            )}
            {isVoid && invoice.voidReason && <p className="mt-4 text-sm text-slate-700">Void: {invoice.voidReason}</p>}
          </>
        }
        aside={
          <>
            <PageSection title="Activity">
              <div className="mb-3">
                <DeliveryStatus documentId={invoice.id} />
              </div>
              {INVOICE_OUTSTANDING_STATUSES.includes(status) && (
                <div className="mb-3">
                  <InvoiceReminderLine invoiceId={invoice.id} invoiceNumber={invoiceNumberLabel(invoice.invoiceNumber)} />
                </div>
              )}
              <HistoryTimeline
                queryKey={invoiceHistoryKey(invoice.id)}
                load={() => getInvoiceHistory(invoice.id)}
                label={`History of ${invoiceNumberLabel(invoice.invoiceNumber)}`}
              />
            </PageSection>
            <InvoicePayments invoice={invoice} symbol={symbol} />
            <LinkedDocuments
              links={[
                ...(invoice.quoteId ? [{ to: `/quotes/${invoice.quoteId}`, label: 'Quote', detail: 'the quote this invoice was made from' }] : []),
                ...invoice.creditNotes.map((c) => ({
                  to: `/credit-notes/${c.id}`,
                  label: c.creditNoteNumber,
                  detail: `Credit note, ${formatMoney(c.total, symbol)}${c.by ? `, issued by ${c.by.name}` : ''}`,
                })),
              ]}
            />
            <PageSection title="Files">
              <DocumentDownloads
                basePath={`/invoices/${invoice.id}`}
                number={invoiceNumberLabel(invoice.invoiceNumber)}
                einvoice={{ ubl: !isDraft, facturx: !isDraft }}
                withOpen={primary.label !== 'Open PDF'}
              />
            </PageSection>
          </>
        }
      />
      <EmailDialog
        target={dialog === 'email' ? { kind: 'invoice', id: invoice.id, number: invoiceNumberLabel(invoice.invoiceNumber) } : null}
        onClose={close}
      />
      <RecordPaymentDialog invoice={dialog === 'payment' ? invoice : null} currencySymbol={symbol} onClose={close} />
      <CreditNoteDialog invoice={dialog === 'credit' ? invoice : null} currencySymbol={symbol} onClose={close} />
      <VoidInvoiceDialog invoice={dialog === 'void' ? invoice : null} onClose={close} />
      <ChangeDueDateDialog invoice={dialog === 'due' ? invoice : null} onClose={close} />
      <ShareLinkDialog
        shares={dialog === 'share' ? { kind: 'document', number: invoiceNumberLabel(invoice.invoiceNumber), isDraft: isDraft } : null}
        onClose={close}
        create={async () => {
          const link = await shareInvoice(invoice.id);
          void invalidate();
          return link;
        }}
        revoke={async () => {
          await revokeInvoiceLink(invoice.id);
          void invalidate();
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && close()}
        description="Are you sure you want to delete this invoice?"
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

/** A draft edited in place: the same form as a new invoice, its summary from the same totals. */
function InvoiceEditor({ invoice, onDone }: { invoice: TInvoice; onDone: () => void }) {
  const clients = useClients();
  const items = useItems();
  const company = useCompanyProfile();
  const update = useUpdateInvoice();
  // A final's deductions (earlier invoices taken off) are the server's: the form edits its own lines
  // only, and the server keeps the deductions as they were made (docs/product.md, "Editing a final invoice").
  const isFinal = invoice.quoteInvoiceType === 'FINAL';
  const deductions = isFinal ? invoice.lineItems.filter((l) => l.unitPrice < 0) : [];
  const values = invoiceFormValues(invoice, defaultTax(company.data?.defaultTaxRate));
  const defaultValues = isFinal ? { ...values, lineItems: values.lineItems.filter((l) => Number(l.unitPrice) >= 0) } : values;
  // The summary counts them, so it shows the invoice's own figures (issue 33), not the lines' alone.
  const keptLines = isFinal ? values.lineItems.filter((l) => Number(l.unitPrice) < 0) : [];
  // The client select needs its options before it takes the document's client.
  if (clients.isPending || items.isPending) return <Spinner label="Loading the form" />;
  return (
    <div className="mb-6">
      {deductions.length > 0 && (
        <div className="mb-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="kept-deductions">
          <p className="font-medium">Kept as made, after the lines below (earlier invoices of the quote):</p>
          <ul>
            {deductions.map((l) => (
              <li key={l.description}>
                {l.description}: {formatMoney(l.unitPrice * l.quantity, company.data?.currencySymbol || '£')}
              </li>
            ))}
          </ul>
          <p className="mt-1">The client and VAT rate stay the quote&apos;s, and the final cannot charge more than it does now.</p>
        </div>
      )}
      <DocumentForm
        kind="invoice"
        title={`Edit ${invoiceNumberLabel(invoice.invoiceNumber)}`}
        submitLabel="Update Invoice"
        defaultValues={defaultValues}
        keptLines={keptLines}
        clients={clients.data ?? []}
        items={items.data ?? []}
        currencySymbol={company.data?.currencySymbol || '£'}
        cisRateOf={company.data?.cisSubcontractor ? (id) => clients.data?.find((c) => c.id === id)?.cisRate ?? null : undefined}
        vatRegistered={!company.data || Boolean(company.data.vatNumber)}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({
              id: invoice.id,
              body: {
                clientId: values.clientId,
                lineItems: values.lineItems,
                tax: values.tax,
                dueDate: values.dueDate,
                siteAddress: values.siteAddress ?? null,
              },
            });
            toastSuccess('Invoice updated successfully');
            onDone();
          } catch (error) {
            toastError(errorMessage(error, 'Failed to save invoice'));
          }
        }}
        onCancel={onDone}
      />
    </div>
  );
}
