import { Plus, Wallet } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { expenseEntryToRequest, ZExpenseEntry, type TExpense, type TExpenseEntry } from '@docket/schemas/expense';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { pagedRows } from '@/lib/paged-list';
import { toastError, toastSuccess } from '@/lib/toast';
import { useErrorToast } from '@/lib/use-error-toast';
import { useListFilters } from '@/lib/use-list-filters';
import { ListFilters } from '@/components/lists/list-filters';
import { LoadMore } from '@/components/lists/load-more';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateExpense } from '../api/create-expense';
import { useDeleteExpense } from '../api/delete-expense';
import { useExpensesPages } from '../api/get-expenses-page';
import { usePutReceipt } from '../api/put-receipt';
import { useUpdateExpense } from '../api/update-expense';
import { ExpenseCard } from './expense-card';
import { ExpenseForm } from './expense-form';
import { CATEGORY_OPTIONS } from './expense-options';
import { ReceiptDialog } from './receipt-dialog';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; expense: TExpense };

/** Expenses (docs/product.md, "Expenses"): the phone form on top, then the list with its filters. */
export function ExpensesScreen() {
  const id = useId();
  const [params] = useSearchParams();
  const listFilters = useListFilters();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [category, setCategory] = useState('');
  const filters = useMemo(() => ({ q: listFilters.filters.q, from, to, category }), [listFilters.filters.q, from, to, category]);
  const pages = useExpensesPages(filters);
  const list = pagedRows(pages.data);
  const [form, setForm] = useState<FormState>(() => (params.get('new') === '1' ? { mode: 'create' } : { mode: 'closed' }));
  const [toDelete, setToDelete] = useState<TExpense | null>(null);
  const [receiptOf, setReceiptOf] = useState<TExpense | null>(null);
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const remove = useDeleteExpense();
  const putReceipt = usePutReceipt();
  useErrorToast(pages.error, 'Failed to load expenses');
  const filtered = listFilters.filtered || Boolean(from || to || category);

  async function save(values: TExpenseEntry, receipt: File | null) {
    try {
      const body = expenseEntryToRequest(ZExpenseEntry.parse(values));
      const saved = form.mode === 'edit' ? await update.mutateAsync({ id: form.expense.id, body }) : await create.mutateAsync(body);
      if (receipt) {
        try {
          await putReceipt.mutateAsync({ id: saved.id, file: receipt });
        } catch (error) {
          toastError(errorMessage(error, 'The expense is saved, but the receipt could not be uploaded'));
        }
      }
      toastSuccess(form.mode === 'edit' ? 'Expense updated' : 'Expense saved');
      setForm({ mode: 'closed' });
    } catch (error) {
      toastError(errorMessage(error, 'Failed to save the expense'));
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const { id: expenseId } = toDelete;
    setToDelete(null);
    try {
      await remove.mutateAsync(expenseId);
      toastSuccess('Expense deleted');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete the expense'));
    }
  }

  return (
    <div>
      <PageHeader
        title="Expenses"
        subtitle="What the business spends, with the receipts: it feeds boxes 4 and 7 of the VAT return"
        actions={
          <Button className="h-11" onClick={() => setForm({ mode: 'create' })} disabled={form.mode !== 'closed'}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add expense
          </Button>
        }
      />
      {form.mode !== 'closed' && (
        <ExpenseForm
          key={form.mode === 'edit' ? form.expense.id : 'new'}
          expense={form.mode === 'edit' ? form.expense : undefined}
          onSubmit={save}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <ListFilters search={listFilters.search} onSearchChange={listFilters.setSearch} searchPlaceholder="Supplier or note" />
      <div className="-mt-1 mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input id={`${id}-from`} type="date" className="h-10" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input id={`${id}-to`} type="date" className="h-10" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select id={`${id}-category`} className="h-10" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
            {CATEGORY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {pages.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading expenses">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : pages.isError && !pages.data ? (
        <LoadError message="Failed to load expenses" onRetry={() => void pages.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Wallet className="h-10 w-10" />}
          message={filtered ? 'No expenses match these filters.' : 'No expenses yet. Add one with a photo of the receipt.'}
        />
      ) : (
        <>
          <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', pages.isPlaceholderData && 'opacity-60 transition-opacity')} aria-label="Expenses">
            {list.map((expense) => (
              <li key={expense.id}>
                <ExpenseCard
                  expense={expense}
                  onEdit={() => setForm({ mode: 'edit', expense })}
                  onDelete={() => setToDelete(expense)}
                  onReceipt={() => setReceiptOf(expense)}
                />
              </li>
            ))}
          </ul>
          <LoadMore query={pages} noun="expenses" />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description="Delete this expense and its receipt? It leaves the VAT return."
        onConfirm={() => void confirmDelete()}
      />
      <ReceiptDialog id={receiptOf?.id ?? null} title={receiptOf ? `Receipt: ${receiptOf.supplier}` : 'Receipt'} onClose={() => setReceiptOf(null)} />
    </div>
  );
}
