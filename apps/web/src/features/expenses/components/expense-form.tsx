import { zodResolver } from '@hookform/resolvers/zod';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { RECEIPT_MAX_BYTES, ZExpenseEntry, type TExpense, type TExpenseEntry } from '@docket/schemas/expense';
import { ExpenseVatField, vatSplitText } from '@/components/expense-vat-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CATEGORY_OPTIONS, PAID_FROM_OPTIONS } from './expense-options';

const today = () => new Date().toISOString().slice(0, 10);
const orNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);
const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];

interface ExpenseFormProps {
  expense?: TExpense;
  onSubmit: (values: TExpenseEntry, receipt: File | null) => Promise<void>;
  onCancel: () => void;
}

/**
 * The phone-first expense form (docs/product.md, "Expenses"): the photo first, then the total as
 * paid, the heading and the VAT; supplier, date and how it was paid below. Rules from ZExpenseEntry.
 */
export function ExpenseForm({ expense, onSubmit, onCancel }: ExpenseFormProps) {
  const form = useForm({
    resolver: zodResolver(ZExpenseEntry),
    defaultValues: {
      date: expense?.date ?? today(),
      supplier: expense?.supplier ?? '',
      description: expense?.description ?? '',
      category: expense?.category ?? 'COST_OF_GOODS',
      vat: expense?.vat ?? 'STANDARD',
      paidFrom: expense?.paidFrom ?? 'CARD',
      total: expense?.total ?? ('' as unknown as number),
    },
  });
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const total = Number(useWatch({ control: form.control, name: 'total' }));
  const vat = useWatch({ control: form.control, name: 'vat' });

  function pick(file: File | undefined) {
    setReceiptError(null);
    if (!file) return setReceipt(null);
    if (!RECEIPT_TYPES.includes(file.type)) return setReceiptError('Receipt must be a JPEG or PNG photo, or a PDF');
    if (file.size > RECEIPT_MAX_BYTES) return setReceiptError('Receipt must be 10 MB or smaller');
    setReceipt(file);
  }

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{expense ? 'Edit expense' : 'New expense'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values, receipt))} className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label className="flex min-h-14 w-full cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-dashed border-brand-500 bg-brand-50 px-4 py-3 text-base font-medium text-brand-700 focus-within:outline-2 focus-within:outline-brand-600">
              <Camera aria-hidden="true" className="h-5 w-5" />
              {receipt ? `Photo: ${receipt.name} (tap to change)` : expense?.receipt ? 'Replace the receipt photo' : 'Take a photo of the receipt'}
              <input
                type="file"
                accept="image/*,application/pdf"
                capture="environment"
                className="sr-only"
                aria-describedby={receiptError ? 'receipt-error' : undefined}
                onChange={(e) => pick(e.target.files?.[0])}
              />
            </label>
            {receiptError && (
              <p id="receipt-error" role="alert" className="mt-1 text-sm text-red-600">
                {receiptError}
              </p>
            )}
          </div>
          <FormField label="Total paid (£)" required error={errors.total?.message} hint={vatSplitText(total, vat)}>
            <Input type="number" inputMode="decimal" step="0.01" min="0" className="h-12 text-lg" {...form.register('total', { valueAsNumber: true })} />
          </FormField>
          <FormField label="Category" required error={errors.category?.message}>
            <Select className="h-12" {...form.register('category')}>
              {CATEGORY_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </FormField>
          <ExpenseVatField registration={form.register('vat')} error={errors.vat?.message} className="h-12" />
          <FormField label="Supplier" required error={errors.supplier?.message}>
            <Input className="h-12" autoComplete="organization" placeholder="Screwfix" {...form.register('supplier')} />
          </FormField>
          <FormField label="Date" required error={errors.date?.message}>
            <Input type="date" className="h-12" {...form.register('date')} />
          </FormField>
          <FormField label="Paid from" error={errors.paidFrom?.message}>
            <Select className="h-12" {...form.register('paidFrom', { setValueAs: orNull })}>
              {PAID_FROM_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Note" error={errors.description?.message} className="sm:col-span-2">
            <Textarea rows={2} placeholder="What it was for (optional)" {...form.register('description')} />
          </FormField>
          <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row">
            <Button type="submit" className="h-12 text-base" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : expense ? 'Save changes' : 'Save expense'}
            </Button>
            <Button variant="outline" className="h-12 text-base" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
