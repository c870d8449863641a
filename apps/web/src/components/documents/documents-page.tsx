import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { TPage } from '@docket/schemas/common';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { pagedRows } from '@/lib/paged-list';
import { useClients } from '@/lib/queries/clients-list';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { clearDraft, readDraft, saveDraft, type TFormDraft } from '@/lib/form-draft';
import { useItems } from '@/lib/queries/items-list';
import { useMediaQuery, WIDE_SCREEN } from '@/lib/use-media-query';
import { toastError, toastSuccess } from '@/lib/toast';
import type { useListFilters } from '@/lib/use-list-filters';
import { ListFilters } from '@/components/lists/list-filters';
import { LoadMore, type TLoadMoreQuery } from '@/components/lists/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { DocumentForm } from './document-form';
import { defaultTax, type TDocumentFormValues, type TDocumentSubmit } from './document-form-values';
import { SortHeader } from './sort-header';

/** Every word the page shows or toasts: each feature supplies its own. */
export interface TDocumentsPageTexts {
  title: string;
  subtitle: string;
  newButton: string;
  createTitle: string;
  editTitle: string;
  createSubmit: string;
  updateSubmit: string;
  loading: string;
  list: string;
  empty: string;
  filteredEmpty: string;
  /** Plural, lower case: 'Load more' says 'More quotes could not be loaded.' */
  noun: string;
  created: string;
  updated: string;
  saveFailed: string;
}

/** The parts of the feature's paged useInfiniteQuery the page reads. */
export interface TDocumentPagesQuery<T> extends TLoadMoreQuery {
  data: { pages: readonly TPage<T>[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** What a row gets from the page; its one action is the feature's own. */
export interface TDocumentRowWiring {
  currencySymbol: string;
  /** wide screens: the compact row layout */
  compact: boolean;
}

interface DocumentsPageProps<T extends { id: string }> {
  kind: 'quote' | 'invoice';
  texts: TDocumentsPageTexts;
  statuses: readonly string[];
  listFilters: ReturnType<typeof useListFilters>;
  pages: TDocumentPagesQuery<T>;
  skeleton: { testId: string; className: string };
  /** The form's starting values: the document's own when editing, else a new one's with this tax rate. */
  formValues: (document: T | null, defaultTaxRate: number) => TDocumentFormValues;
  /** Creates (document null) or updates the document; the page toasts the outcome. */
  save: (values: TDocumentSubmit, document: T | null) => Promise<unknown>;
  renderRow: (document: T, wiring: TDocumentRowWiring) => ReactNode;
}

type FormState<T> = { mode: 'create' } | { mode: 'edit'; document: T } | null;

/** The quotes and invoices screens: header, inline create form, filters, paged rows that open each document's page. */
export function DocumentsPage<T extends { id: string }>({
  kind,
  texts,
  statuses,
  listFilters,
  pages,
  skeleton,
  formValues,
  save,
  renderRow,
}: DocumentsPageProps<T>) {
  const clients = useClients();
  const items = useItems();
  const company = useCompanyProfile();
  const currencySymbol = company.data?.currencySymbol || '£';
  // /quotes?new=1 (the dashboard's first steps) opens with the create form.
  const [params] = useSearchParams();
  const [formState, setFormState] = useState<FormState<T>>(() => (params.get('new') === '1' ? { mode: 'create' } : null));
  // Wide screens list documents as compact rows under sortable heads; phones keep the cards.
  const compact = useMediaQuery(WIDE_SCREEN);
  const newButtonRef = useRef<HTMLButtonElement>(null);
  // A form left unsaved by a reload, offered back until restored or discarded.
  const [draft, setDraft] = useState(() => readDraft<TDocumentFormValues>(kind));
  const [restored, setRestored] = useState<TFormDraft<TDocumentFormValues> | null>(null);
  // Closing the form unmounts the focused control: hand focus back to the header button.
  const closeForm = () => {
    setFormState(null);
    setRestored(null);
    clearDraft(kind);
    newButtonRef.current?.focus();
  };

  const loadFailed = pages.isError || clients.isError || items.isError;
  useEffect(() => {
    if (loadFailed) toastError(errorMessage(pages.error ?? clients.error ?? items.error, 'Failed to load data'));
  }, [loadFailed, pages.error, clients.error, items.error]);

  const editing = formState?.mode === 'edit' ? formState.document : null;
  const editingId = editing?.id ?? null;
  const keepDraft = useCallback(
    (values: TDocumentFormValues | null) => (values ? saveDraft(kind, { documentId: editingId, values }) : clearDraft(kind)),
    [kind, editingId],
  );
  const startValues = useMemo(
    () => (restored ? restored.values : formValues(editing, defaultTax(company.data?.defaultTaxRate))),
    // formValues is the feature's pure mapping; the company's tax only matters for a new form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [restored, editing, company.data?.defaultTaxRate],
  );

  function restoreDraft() {
    if (!draft) return;
    const document = draft.documentId ? pagedRows(pages.data).find((d) => d.id === draft.documentId) : undefined;
    setDraft(null);
    if (draft.documentId && !document) {
      // Never turn an edit into a new document: the one edited is gone (or not loaded).
      clearDraft(kind);
      toastError(`The ${kind} being edited is no longer in the list`);
      return;
    }
    setRestored(draft);
    setFormState(document ? { mode: 'edit', document } : { mode: 'create' });
  }

  function openForm(state: FormState<T>) {
    setRestored(null);
    setFormState(state);
  }

  function discardDraft() {
    clearDraft(kind);
    setDraft(null);
  }

  async function submit(values: TDocumentSubmit) {
    try {
      await save(values, editing);
      toastSuccess(editing ? texts.updated : texts.created);
      closeForm();
    } catch (error) {
      toastError(errorMessage(error, texts.saveFailed));
    }
  }

  const list = pagedRows(pages.data);
  return (
    <div>
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          <Button ref={newButtonRef} onClick={() => openForm({ mode: 'create' })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {texts.newButton}
          </Button>
        }
      />
      {draft && !formState && (
        <div role="status" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3">
          <p className="text-sm text-amber-900">
            You have an unsaved {kind} from {new Date(draft.savedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={restoreDraft}>
              Restore draft
            </Button>
            <Button size="sm" variant="outline" onClick={discardDraft}>
              Discard
            </Button>
          </div>
        </div>
      )}
      {formState && (
        <DocumentForm
          // A new key remounts the form, so switching documents (or create/edit) resets it.
          key={`${editing ? editing.id : 'new'}${restored ? '-restored' : ''}`}
          kind={kind}
          title={editing ? texts.editTitle : texts.createTitle}
          submitLabel={editing ? texts.updateSubmit : texts.createSubmit}
          defaultValues={startValues}
          onChangeValues={keepDraft}
          clients={clients.data ?? []}
          items={items.data ?? []}
          currencySymbol={currencySymbol}
          cisRateOf={kind === 'invoice' && company.data?.cisSubcontractor ? (id) => clients.data?.find((c) => c.id === id)?.cisRate ?? null : undefined}
          vatRegistered={!company.data || Boolean(company.data.vatNumber)}
          onSubmit={submit}
          onCancel={closeForm}
        />
      )}
      <ListFilters
        search={listFilters.search}
        onSearchChange={listFilters.setSearch}
        searchPlaceholder="Number, client or line description"
        statuses={statuses}
        status={listFilters.status}
        onStatusChange={listFilters.setStatus}
      />
      {pages.isPending ? (
        <div role="status" aria-label={texts.loading} className="space-y-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} data-testid={skeleton.testId} className={skeleton.className} />
          ))}
        </div>
      ) : pages.isError && !pages.data ? (
        <EmptyState
          message="Failed to load data"
          action={
            <Button variant="outline" onClick={() => void pages.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState message={listFilters.filtered ? texts.filteredEmpty : texts.empty} />
      ) : (
        <>
          {compact && <SortHeader sort={listFilters.sort} onSort={listFilters.setSort} />}
          <ul
            className={cn(
              compact ? 'divide-y divide-slate-100 rounded-b-lg border border-t-0 border-slate-200 bg-white' : 'space-y-3',
              pages.isPlaceholderData && 'opacity-60 transition-opacity',
            )}
            aria-label={texts.list}
            aria-busy={pages.isPlaceholderData || undefined}
          >
            {list.map((document) => (
              <li key={document.id}>{renderRow(document, { currencySymbol, compact })}</li>
            ))}
          </ul>
          <LoadMore query={pages} noun={texts.noun} />
        </>
      )}
    </div>
  );
}
