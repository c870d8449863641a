import { useEffect, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { INVOICE_STATUSES } from '@docket/schemas/constants';
import type { TInvoice } from '@docket/schemas/document';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useClients } from '@/lib/queries/clients-list';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { pagedRows } from '@/lib/paged-list';
import { useItems } from '@/lib/queries/items-list';
import { toastError, toastSuccess } from '@/lib/toast';
import { useListFilters } from '@/lib/use-list-filters';
import { DocumentForm } from '@/components/documents/document-form';
import { ListFilters } from '@/components/lists/list-filters';
import { LoadMore } from '@/components/lists/load-more';
import {
  defaultDueDate,
  defaultTax,
  emptyLine,
  type TDocumentFormValues,
  type TDocumentSubmit,
} from '@/components/documents/document-form-values';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateInvoice } from '../api/create-invoice';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useInvoicesPages } from '../api/get-invoices-page';
import { previewInvoicePdf } from '../api/preview-invoice-pdf';
import { useUpdateInvoice } from '../api/update-invoice';
import { useInvoiceActions } from '../hooks/use-invoice-actions';
import { InvoiceCard } from './invoice-card';

type FormState = { mode: 'create' } | { mode: 'edit'; invoice: TInvoice } | null;

/** SPEC section 2, Invoices: skeletons while loading, inline create/edit form, invoice cards (paged, searchable). */
export function InvoicesPage() {
  const listFilters = useListFilters();
  const invoices = useInvoicesPages(listFilters.filters);
  const clients = useClients();
  const items = useItems();
  const company = useCompanyProfile();
  const currencySymbol = company.data?.currencySymbol || '£';
  const createInvoice = useCreateInvoice();
  const updateInvoice = useUpdateInvoice();
  const deleteInvoice = useDeleteInvoice();
  const actions = useInvoiceActions();
  const [formState, setFormState] = useState<FormState>(null);
  const newButtonRef = useRef<HTMLButtonElement>(null);
  // Closing the form unmounts the focused control: hand focus back to the header button.
  const closeForm = () => {
    setFormState(null);
    newButtonRef.current?.focus();
  };
  const [toDelete, setToDelete] = useState<TInvoice | null>(null);

  const loadFailed = invoices.isError || clients.isError || items.isError;
  useEffect(() => {
    if (loadFailed) toastError(errorMessage(invoices.error ?? clients.error ?? items.error, 'Failed to load data'));
  }, [loadFailed, invoices.error, clients.error, items.error]);

  const defaultValues: TDocumentFormValues =
    formState?.mode === 'edit'
      ? {
          clientId: formState.invoice.clientId,
          tax: formState.invoice.tax,
          dueDate: formState.invoice.dueDate,
          lineItems: formState.invoice.lineItems.map((l) => ({ ...l })),
        }
      : { clientId: '', tax: defaultTax(company.data?.defaultTaxRate), dueDate: defaultDueDate(), lineItems: [emptyLine()] };

  async function save(values: TDocumentSubmit) {
    const body = { clientId: values.clientId, lineItems: values.lineItems, tax: values.tax, dueDate: values.dueDate };
    try {
      if (formState?.mode === 'edit') {
        await updateInvoice.mutateAsync({ id: formState.invoice.id, body });
        toastSuccess('Invoice updated successfully');
      } else {
        await createInvoice.mutateAsync(body);
        toastSuccess('Invoice created successfully');
      }
      closeForm();
    } catch (error) {
      toastError(errorMessage(error, 'Failed to save invoice'));
    }
  }

  async function confirmDelete() {
    const invoice = toDelete;
    setToDelete(null);
    if (!invoice) return;
    try {
      await deleteInvoice.mutateAsync(invoice.id);
      toastSuccess('Invoice deleted successfully');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete invoice'));
    }
  }

  const list = pagedRows(invoices.data);
  return (
    <div>
      <PageHeader
        title="Invoices"
        subtitle="Manage your invoices and payments"
        actions={
          <Button ref={newButtonRef} onClick={() => setFormState({ mode: 'create' })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Invoice
          </Button>
        }
      />
      {formState && (
        <DocumentForm
          // A new key remounts the form, so switching invoices (or create/edit) resets it.
          key={formState.mode === 'edit' ? formState.invoice.id : 'new'}
          kind="invoice"
          title={formState.mode === 'edit' ? 'Edit Invoice' : 'Create New Invoice'}
          submitLabel={formState.mode === 'edit' ? 'Update Invoice' : 'Create Invoice'}
          defaultValues={defaultValues}
          clients={clients.data ?? []}
          items={items.data ?? []}
          currencySymbol={currencySymbol}
          onSubmit={save}
          onCancel={closeForm}
        />
      )}
      <ListFilters
        search={listFilters.search}
        onSearchChange={listFilters.setSearch}
        searchPlaceholder="Number, client or line description"
        statuses={INVOICE_STATUSES}
        status={listFilters.status}
        onStatusChange={listFilters.setStatus}
      />
      {invoices.isPending ? (
        <div role="status" aria-label="Loading invoices" className="space-y-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} data-testid="invoice-skeleton" className="h-40 w-full" />
          ))}
        </div>
      ) : invoices.isError && !invoices.data ? (
        <EmptyState
          message="Failed to load data"
          action={
            <Button variant="outline" onClick={() => void invoices.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          message={
            listFilters.filtered ? 'No invoices match your search.' : 'No invoices found. Create your first invoice to get started.'
          }
        />
      ) : (
        <>
          <ul
            className={cn('space-y-4', invoices.isPlaceholderData && 'opacity-60 transition-opacity')}
            aria-label="Invoices"
            aria-busy={invoices.isPlaceholderData || undefined}
          >
            {list.map((invoice) => (
              <li key={invoice.id}>
                <InvoiceCard
                  invoice={invoice}
                  currencySymbol={currencySymbol}
                  busy={actions.pendingId === invoice.id}
                  onPreview={() => void previewInvoicePdf(invoice.id)}
                  onEdit={() => setFormState({ mode: 'edit', invoice })}
                  onDelete={() => setToDelete(invoice)}
                  onAction={(action) => void actions.run(action, invoice)}
                />
              </li>
            ))}
          </ul>
          <LoadMore query={invoices} noun="invoices" />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description="Are you sure you want to delete this invoice?"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
