import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import type { TItem, TItemRequest } from '@docket/schemas/item';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { pagedRows } from '@/lib/paged-list';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { toastError, toastSuccess } from '@/lib/toast';
import { useErrorToast } from '@/lib/use-error-toast';
import { useListFilters } from '@/lib/use-list-filters';
import { ListFilters } from '@/components/lists/list-filters';
import { LoadMore } from '@/components/lists/load-more';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateItem } from '../api/create-item';
import { useDeleteItem } from '../api/delete-item';
import { useItemsPages } from '../api/get-items-page';
import { useUpdateItem } from '../api/update-item';
import { ItemCard } from './item-card';
import { ItemForm } from './item-form';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: TItem };

export function ItemsScreen() {
  const listFilters = useListFilters();
  const items = useItemsPages(listFilters.filters);
  const list = pagedRows(items.data);
  const currencySymbol = useCurrencySymbol();
  const createItem = useCreateItem();
  const updateItem = useUpdateItem();
  const deleteItem = useDeleteItem();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<TItem | null>(null);
  useErrorToast(items.error, 'Failed to load items');

  async function save(values: TItemRequest) {
    try {
      if (form.mode === 'edit') {
        await updateItem.mutateAsync({ id: form.item.id, body: values });
        toastSuccess('Item updated successfully');
      } else {
        await createItem.mutateAsync(values);
        toastSuccess('Item created successfully');
      }
      setForm({ mode: 'closed' });
    } catch (error) {
      toastError(errorMessage(error, 'Failed to save item'));
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    try {
      await deleteItem.mutateAsync(id);
      toastSuccess('Item deleted successfully');
      if (form.mode === 'edit' && form.item.id === id) setForm({ mode: 'closed' });
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete item'));
    }
  }

  return (
    <div>
      <PageHeader
        title="Items"
        subtitle="Manage your products and services"
        actions={
          <Button onClick={() => setForm({ mode: 'create' })} disabled={form.mode !== 'closed'}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Item
          </Button>
        }
      />
      {form.mode !== 'closed' && (
        <ItemForm
          key={form.mode === 'edit' ? form.item.id : 'new'}
          item={form.mode === 'edit' ? form.item : undefined}
          onSubmit={save}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <ListFilters search={listFilters.search} onSearchChange={listFilters.setSearch} searchPlaceholder="Name or description" />
      {items.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading items">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : items.isError && !items.data ? (
        <LoadError message="Failed to load items" onRetry={() => void items.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Package className="h-10 w-10" />}
          message={listFilters.filtered ? 'No items match your search.' : 'No items found. Create your first item to get started.'}
        />
      ) : (
        <>
          <ul
            className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', items.isPlaceholderData && 'opacity-60 transition-opacity')}
            aria-label="Items"
            aria-busy={items.isPlaceholderData || undefined}
          >
            {list.map((item) => (
              <li key={item.id}>
                <ItemCard
                  item={item}
                  currencySymbol={currencySymbol}
                  onEdit={() => setForm({ mode: 'edit', item })}
                  onDelete={() => setToDelete(item)}
                />
              </li>
            ))}
          </ul>
          <LoadMore query={items} noun="items" />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description="Are you sure you want to delete this item?"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
