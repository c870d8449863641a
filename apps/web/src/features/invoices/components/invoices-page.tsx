import { INVOICE_STATUSES } from '@docket/schemas/lifecycle';
import type { TInvoice } from '@docket/schemas/document';
import { useListFilters } from '@/lib/use-list-filters';
import { defaultDueDate, emptyLine, type TDocumentFormValues } from '@/components/documents/document-form-values';
import { DocumentsPage, type TDocumentsPageTexts } from '@/components/documents/documents-page';
import { useCreateInvoice } from '../api/create-invoice';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useInvoicesPages } from '../api/get-invoices-page';
import { previewInvoicePdf } from '../api/preview-invoice-pdf';
import { useUpdateInvoice } from '../api/update-invoice';
import { useState } from 'react';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { useInvoiceActions } from '../hooks/use-invoice-actions';
import { CreditNoteDialog } from './credit-note-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';
import { useRemovePayment } from '../api/remove-payment';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { VoidInvoiceDialog } from './void-invoice-dialog';
import { InvoiceCard } from './invoice-card';
import { ShareLinkDialog } from '@/components/documents/share-link-dialog';
import { shareInvoice } from '../api/share-invoice';
import { revokeInvoiceLink } from '../api/revoke-invoice-link';
import { useInvalidateInvoiceData } from '../hooks/use-invalidate-invoice-data';

/** The Invoices screen's words and toasts. */
const TEXTS: TDocumentsPageTexts = {
  title: 'Invoices',
  subtitle: 'Manage your invoices and payments',
  newButton: 'New Invoice',
  createTitle: 'Create New Invoice',
  editTitle: 'Edit Invoice',
  createSubmit: 'Create Invoice',
  updateSubmit: 'Update Invoice',
  loading: 'Loading invoices',
  list: 'Invoices',
  empty: 'No invoices found. Create your first invoice to get started.',
  filteredEmpty: 'No invoices match your search.',
  noun: 'invoices',
  deleteQuestion: 'Are you sure you want to delete this invoice?',
  created: 'Invoice created successfully',
  updated: 'Invoice updated successfully',
  saveFailed: 'Failed to save invoice',
  deleted: 'Invoice deleted successfully',
  deleteFailed: 'Failed to delete invoice',
};

const SKELETON = { testId: 'invoice-skeleton', className: 'h-40 w-full' };

const formValues = (invoice: TInvoice | null, defaultTaxRate: number): TDocumentFormValues =>
  invoice
    ? {
        clientId: invoice.clientId,
        tax: invoice.tax,
        dueDate: invoice.dueDate,
        siteAddress: invoice.siteAddress ?? '',
        lineItems: invoice.lineItems.map((l) => ({ ...l })),
      }
    : { clientId: '', tax: defaultTaxRate, dueDate: defaultDueDate(), siteAddress: '', lineItems: [emptyLine()] };

/** The Invoices screen (docs/product.md, "Screens"): skeletons while loading, inline create/edit form, invoice cards (paged, searchable). */
export function InvoicesPage() {
  const listFilters = useListFilters();
  const invoices = useInvoicesPages(listFilters.filters);
  const createInvoice = useCreateInvoice();
  const updateInvoice = useUpdateInvoice();
  const deleteInvoice = useDeleteInvoice();
  const actions = useInvoiceActions();
  const currencySymbol = useCurrencySymbol();
  const [crediting, setCrediting] = useState<TInvoice | null>(null);
  const [voiding, setVoiding] = useState<TInvoice | null>(null);
  const [paying, setPaying] = useState<TInvoice | null>(null);
  const [removing, setRemoving] = useState<{ invoice: TInvoice; paymentId: string } | null>(null);
  const [sharing, setSharing] = useState<TInvoice | null>(null);
  const invalidate = useInvalidateInvoiceData();
  const removePayment = useRemovePayment();
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removePayment.mutateAsync({ id: removing.invoice.id, paymentId: removing.paymentId });
      toastSuccess('Payment removed');
    } catch (err) {
      toastError(errorMessage(err, 'Failed to remove payment'));
    }
    setRemoving(null);
  };

  return (
    <>
    <DocumentsPage<TInvoice>
      kind="invoice"
      texts={TEXTS}
      statuses={INVOICE_STATUSES}
      listFilters={listFilters}
      pages={invoices}
      skeleton={SKELETON}
      formValues={formValues}
      save={(values, invoice) => {
        const body = { clientId: values.clientId, lineItems: values.lineItems, tax: values.tax, dueDate: values.dueDate, siteAddress: values.siteAddress ?? null };
        return invoice ? updateInvoice.mutateAsync({ id: invoice.id, body }) : createInvoice.mutateAsync(body);
      }}
      remove={(invoice) => deleteInvoice.mutateAsync(invoice.id)}
      renderCard={(invoice, wiring) => (
        <InvoiceCard
          invoice={invoice}
          {...wiring}
          busy={actions.pendingId === invoice.id}
          onPreview={() => void previewInvoicePdf(invoice.id)}
          onRemovePayment={invoice.status === 'VOID' ? undefined : (paymentId) => setRemoving({ invoice, paymentId })}
          onAction={(action) => {
            if (action === 'payment') setPaying(invoice);
            else if (action === 'credit') setCrediting(invoice);
            else if (action === 'void') setVoiding(invoice);
            else void actions.run(action, invoice);
          }}
          onShare={invoice.status === 'VOID' ? undefined : () => setSharing(invoice)}
        />
      )}
    />
    <CreditNoteDialog invoice={crediting} currencySymbol={currencySymbol} onClose={() => setCrediting(null)} />
    <VoidInvoiceDialog invoice={voiding} onClose={() => setVoiding(null)} />
    <ShareLinkDialog
      number={sharing?.invoiceNumber ?? null}
      isDraft={sharing?.status === 'DRAFT'}
      onClose={() => setSharing(null)}
      create={async () => {
        const link = await shareInvoice(sharing!.id);
        void invalidate();
        return link;
      }}
      revoke={async () => {
        await revokeInvoiceLink(sharing!.id);
        void invalidate();
      }}
    />
    <RecordPaymentDialog invoice={paying} currencySymbol={currencySymbol} onClose={() => setPaying(null)} />
    <ConfirmDialog
      open={removing !== null}
      onOpenChange={(open) => !open && setRemoving(null)}
      title="Remove this payment?"
      description={`The payment comes off ${removing?.invoice.invoiceNumber ?? ''} and its balance due goes back up.`}
      confirmLabel="Yes, remove it"
      onConfirm={() => void confirmRemove()}
    />
    </>
  );
}
