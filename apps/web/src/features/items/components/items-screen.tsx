import { Package } from 'lucide-react';
import type { TItem, TItemRequest } from '@docket/schemas/item';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { RecordsScreen, type TRecordsScreenTexts } from '@/components/lists/records-screen';
import { useCreateItem } from '../api/create-item';
import { useDeleteItem } from '../api/delete-item';
import { useItemsPages } from '../api/get-items-page';
import { useUpdateItem } from '../api/update-item';
import { ItemCard } from './item-card';
import { ItemForm } from './item-form';

const TEXTS: TRecordsScreenTexts = {
  title: 'Items',
  subtitle: 'Manage your products and services',
  addButton: 'Add Item',
  searchPlaceholder: 'Name or description',
  list: 'Items',
  loading: 'Loading items',
  loadFailed: 'Failed to load items',
  empty: 'No items found. Create your first item to get started.',
  filteredEmpty: 'No items match your search.',
  noun: 'items',
  deleteQuestion: 'Are you sure you want to delete this item?',
  created: 'Item created successfully',
  updated: 'Item updated successfully',
  saveFailed: 'Failed to save item',
  deleted: 'Item deleted successfully',
  deleteFailed: 'Failed to delete item',
};

export function ItemsScreen() {
  const currencySymbol = useCurrencySymbol();
  return (
    <RecordsScreen<TItem, TItemRequest>
      texts={TEXTS}
      icon={<Package className="h-10 w-10" />}
      usePages={useItemsPages}
      create={useCreateItem()}
      update={useUpdateItem()}
      remove={useDeleteItem()}
      renderForm={({ record, onSubmit, onCancel }) => <ItemForm item={record} onSubmit={onSubmit} onCancel={onCancel} />}
      renderCard={(item, handlers) => <ItemCard item={item} currencySymbol={currencySymbol} {...handlers} />}
    />
  );
}
