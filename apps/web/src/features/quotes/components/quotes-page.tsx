import { useEffect, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { QUOTE_STATUSES } from '@docket/schemas/constants';
import type { TQuote } from '@docket/schemas/document';
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
import { defaultTax, emptyLine, type TDocumentFormValues, type TDocumentSubmit } from '@/components/documents/document-form-values';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateQuote } from '../api/create-quote';
import { useDeleteQuote } from '../api/delete-quote';
import { useQuotesPages } from '../api/get-quotes-page';
import { previewQuotePdf } from '../api/preview-quote-pdf';
import { useUpdateQuote } from '../api/update-quote';
import { useQuoteActions } from '../hooks/use-quote-actions';
import { QuoteCard } from './quote-card';

type FormState = { mode: 'create' } | { mode: 'edit'; quote: TQuote } | null;

/** SPEC section 2, Quotes: cards with status actions and an inline create/edit form; paged, searchable list. */
export function QuotesPage() {
  const listFilters = useListFilters();
  const quotes = useQuotesPages(listFilters.filters);
  const clients = useClients();
  const items = useItems();
  const company = useCompanyProfile();
  const currencySymbol = company.data?.currencySymbol || '£';
  const createQuote = useCreateQuote();
  const updateQuote = useUpdateQuote();
  const deleteQuote = useDeleteQuote();
  const actions = useQuoteActions();
  const [formState, setFormState] = useState<FormState>(null);
  const newButtonRef = useRef<HTMLButtonElement>(null);
  // Closing the form unmounts the focused control: hand focus back to the header button.
  const closeForm = () => {
    setFormState(null);
    newButtonRef.current?.focus();
  };
  const [toDelete, setToDelete] = useState<TQuote | null>(null);

  const loadFailed = quotes.isError || clients.isError || items.isError;
  useEffect(() => {
    if (loadFailed) toastError(errorMessage(quotes.error ?? clients.error ?? items.error, 'Failed to load data'));
  }, [loadFailed, quotes.error, clients.error, items.error]);

  const defaultValues: TDocumentFormValues =
    formState?.mode === 'edit'
      ? { clientId: formState.quote.clientId, tax: formState.quote.tax, lineItems: formState.quote.lineItems.map((l) => ({ ...l })) }
      : { clientId: '', tax: defaultTax(company.data?.defaultTaxRate), lineItems: [emptyLine()] };

  async function save(values: TDocumentSubmit) {
    const body = { clientId: values.clientId, lineItems: values.lineItems, tax: values.tax };
    try {
      if (formState?.mode === 'edit') {
        await updateQuote.mutateAsync({ id: formState.quote.id, body });
        toastSuccess('Quote updated successfully');
      } else {
        await createQuote.mutateAsync(body);
        toastSuccess('Quote created successfully');
      }
      closeForm();
    } catch (error) {
      toastError(errorMessage(error, 'Failed to save quote'));
    }
  }

  async function confirmDelete() {
    const quote = toDelete;
    setToDelete(null);
    if (!quote) return;
    try {
      await deleteQuote.mutateAsync(quote.id);
      toastSuccess('Quote deleted successfully');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete quote'));
    }
  }

  const list = pagedRows(quotes.data);
  return (
    <div>
      <PageHeader
        title="Quotes"
        subtitle="Create and manage your quotes"
        actions={
          <Button ref={newButtonRef} onClick={() => setFormState({ mode: 'create' })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Quote
          </Button>
        }
      />
      {formState && (
        <DocumentForm
          // A new key remounts the form, so switching quotes (or create/edit) resets it.
          key={formState.mode === 'edit' ? formState.quote.id : 'new'}
          kind="quote"
          title={formState.mode === 'edit' ? 'Edit Quote' : 'Create New Quote'}
          submitLabel={formState.mode === 'edit' ? 'Update Quote' : 'Create Quote'}
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
        statuses={QUOTE_STATUSES}
        status={listFilters.status}
        onStatusChange={listFilters.setStatus}
      />
      {quotes.isPending ? (
        <div role="status" aria-label="Loading quotes" className="space-y-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} data-testid="quote-skeleton" className="h-36 w-full" />
          ))}
        </div>
      ) : quotes.isError && !quotes.data ? (
        <EmptyState
          message="Failed to load data"
          action={
            <Button variant="outline" onClick={() => void quotes.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          message={listFilters.filtered ? 'No quotes match your search.' : 'No quotes found. Create your first quote to get started.'}
        />
      ) : (
        <>
          <ul
            className={cn('space-y-4', quotes.isPlaceholderData && 'opacity-60 transition-opacity')}
            aria-label="Quotes"
            aria-busy={quotes.isPlaceholderData || undefined}
          >
            {list.map((quote) => (
              <li key={quote.id}>
                <QuoteCard
                  quote={quote}
                  currencySymbol={currencySymbol}
                  busy={actions.pendingId === quote.id}
                  onPreview={() => void previewQuotePdf(quote.id)}
                  onEdit={() => setFormState({ mode: 'edit', quote })}
                  onDelete={() => setToDelete(quote)}
                  onAction={(action) => void actions.run(action, quote)}
                />
              </li>
            ))}
          </ul>
          <LoadMore query={quotes} noun="quotes" />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description="Are you sure you want to delete this quote?"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
