import { Plus } from 'lucide-react';
import { Fragment, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TPage } from '@docket/schemas/common';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { pagedRows, type TListFilters } from '@/lib/paged-list';
import { toastError, toastSuccess } from '@/lib/toast';
import { useErrorToast } from '@/lib/use-error-toast';
import { useListFilters } from '@/lib/use-list-filters';
import { ListFilters } from '@/components/lists/list-filters';
import { LoadMore, type TLoadMoreQuery } from '@/components/lists/load-more';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';

/** Every word the screen shows or toasts: each feature supplies its own. */
export interface TRecordsScreenTexts {
  title: string;
  subtitle: string;
  addButton: string;
  searchPlaceholder: string;
  /** list and loading labels: 'Clients', 'Loading clients' */
  list: string;
  loading: string;
  loadFailed: string;
  empty: string;
  filteredEmpty: string;
  /** Plural, lower case: 'Load more' says 'More clients could not be loaded.' */
  noun: string;
  deleteQuestion: string;
  created: string;
  updated: string;
  saveFailed: string;
  deleted: string;
  deleteFailed: string;
}

/** The parts of the feature's paged useInfiniteQuery the screen reads. */
export interface TRecordPagesQuery<T> extends TLoadMoreQuery {
  data: { pages: readonly TPage<T>[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface TMutation<TArg> {
  mutateAsync: (arg: TArg) => Promise<unknown>;
}

export interface TRecordsScreenProps<T extends { id: string }, TBody> {
  texts: TRecordsScreenTexts;
  icon: ReactNode;
  usePages: (filters: TListFilters) => TRecordPagesQuery<T>;
  create: TMutation<TBody>;
  update: TMutation<{ id: string; body: TBody }>;
  remove: TMutation<string>;
  /** The inline add/edit form; `record` is undefined when adding. */
  renderForm: (props: { record: T | undefined; onSubmit: (values: TBody) => Promise<void>; onCancel: () => void }) => ReactNode;
  renderCard: (record: T, handlers: { onEdit: () => void; onDelete: () => void }) => ReactNode;
}

type FormState<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; record: T };

/**
 * A paged, searchable list of simple records (clients, items): header with an add button, the
 * inline add/edit form, skeletons, load error, empty states, cards, 'Load more' and a delete
 * confirmation. Everything the user reads comes from the feature's texts.
 */
export function RecordsScreen<T extends { id: string }, TBody>({
  texts,
  icon,
  usePages,
  create,
  update,
  remove,
  renderForm,
  renderCard,
}: TRecordsScreenProps<T, TBody>) {
  const listFilters = useListFilters();
  const pages = usePages(listFilters.filters);
  const list = pagedRows(pages.data);
  // ?new=1 (the dashboard's first steps link to /clients?new=1) opens with the add form.
  const [params] = useSearchParams();
  const [form, setForm] = useState<FormState<T>>(() => (params.get('new') === '1' ? { mode: 'create' } : { mode: 'closed' }));
  const [toDelete, setToDelete] = useState<T | null>(null);
  useErrorToast(pages.error, texts.loadFailed);

  async function save(values: TBody) {
    try {
      if (form.mode === 'edit') {
        await update.mutateAsync({ id: form.record.id, body: values });
        toastSuccess(texts.updated);
      } else {
        await create.mutateAsync(values);
        toastSuccess(texts.created);
      }
      setForm({ mode: 'closed' });
    } catch (error) {
      toastError(errorMessage(error, texts.saveFailed));
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    try {
      await remove.mutateAsync(id);
      toastSuccess(texts.deleted);
      if (form.mode === 'edit' && form.record.id === id) setForm({ mode: 'closed' });
    } catch (error) {
      toastError(errorMessage(error, texts.deleteFailed));
    }
  }

  return (
    <div>
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          <Button onClick={() => setForm({ mode: 'create' })} disabled={form.mode !== 'closed'}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {texts.addButton}
          </Button>
        }
      />
      {form.mode !== 'closed' && (
        // A fresh key per record remounts the form with that record's values.
        <Fragment key={form.mode === 'edit' ? form.record.id : 'new'}>
          {renderForm({
            record: form.mode === 'edit' ? form.record : undefined,
            onSubmit: save,
            onCancel: () => setForm({ mode: 'closed' }),
          })}
        </Fragment>
      )}
      <ListFilters search={listFilters.search} onSearchChange={listFilters.setSearch} searchPlaceholder={texts.searchPlaceholder} />
      {pages.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={texts.loading}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : pages.isError && !pages.data ? (
        <LoadError message={texts.loadFailed} onRetry={() => void pages.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={icon} message={listFilters.filtered ? texts.filteredEmpty : texts.empty} />
      ) : (
        <>
          <ul
            className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', pages.isPlaceholderData && 'opacity-60 transition-opacity')}
            aria-label={texts.list}
            aria-busy={pages.isPlaceholderData || undefined}
          >
            {list.map((record) => (
              <li key={record.id}>{renderCard(record, { onEdit: () => setForm({ mode: 'edit', record }), onDelete: () => setToDelete(record) })}</li>
            ))}
          </ul>
          <LoadMore query={pages} noun={texts.noun} />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description={texts.deleteQuestion}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
