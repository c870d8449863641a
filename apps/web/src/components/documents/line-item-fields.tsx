import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { TItem } from '@docket/schemas/item';
import { VAT_CODES, VAT_RATES } from '@docket/schemas/vat';
import { formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { emptyLine, type TDocumentFormValues, type TDocumentSubmit } from './document-form-values';

interface LineItemFieldsProps {
  form: UseFormReturn<TDocumentFormValues, unknown, TDocumentSubmit>;
  /** The catalogue: picking one fills the line's description and price. */
  items: TItem[];
  currencySymbol: string;
}

/** Repeating line items: 'Add Item' appends; a line can be removed only while more than one exists. */
export function LineItemFields({ form, items, currencySymbol }: LineItemFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lineItems' });
  const { errors } = form.formState;
  const listError = errors.lineItems?.root?.message ?? errors.lineItems?.message;
  const headingId = useId();

  const pickItem = (index: number, itemId: string) => {
    const item = items.find((i) => i.id === itemId);
    if (!item) return;
    form.setValue(`lineItems.${index}.description`, item.description || item.name, { shouldValidate: true, shouldDirty: true });
    form.setValue(`lineItems.${index}.unitPrice`, item.price, { shouldValidate: true, shouldDirty: true });
    // The catalogue item's VAT, kind and unit come with it (docs/product.md, "VAT per line").
    form.setValue(`lineItems.${index}.vat`, item.vat ?? null, { shouldDirty: true });
    form.setValue(`lineItems.${index}.kind`, item.kind ?? null, { shouldDirty: true });
    form.setValue(`lineItems.${index}.unit`, item.unit ?? null, { shouldDirty: true });
  };

  return (
    <div role="group" aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Line Items
        </h3>
        <Button variant="outline" size="sm" onClick={() => append(emptyLine())}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add Item
        </Button>
      </div>
      {listError && (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      )}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const lineErrors = errors.lineItems?.[index];
          return (
            <li
              key={field.id}
              aria-label={`Item ${index + 1}`}
              className="grid grid-cols-1 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-12 sm:items-start"
            >
              {items.length > 0 && (
                <FormField label="Catalogue item" className="sm:col-span-12">
                  <Select value="" onChange={(e) => pickItem(index, e.target.value)}>
                    <option value="">Choose from catalogue (optional)</option>
                    {items.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name} ({formatMoney(item.price, currencySymbol)})
                      </option>
                    ))}
                  </Select>
                </FormField>
              )}
              <FormField label="Description" required error={lineErrors?.description?.message} className="sm:col-span-6">
                <Input {...form.register(`lineItems.${index}.description`)} />
              </FormField>
              <FormField label="Quantity" required error={lineErrors?.quantity?.message} className="sm:col-span-2">
                <Input type="number" inputMode="decimal" min={0} step="any" {...form.register(`lineItems.${index}.quantity`, { valueAsNumber: true })} />
              </FormField>
              <FormField label="Unit Price" required error={lineErrors?.unitPrice?.message} className="sm:col-span-3">
                <Input type="number" inputMode="decimal" min={0} step="0.01" {...form.register(`lineItems.${index}.unitPrice`, { valueAsNumber: true })} />
              </FormField>
              <FormField label="VAT" error={lineErrors?.vat?.message} className="sm:col-span-3">
                <Select {...form.register(`lineItems.${index}.vat`, { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : v) })}>
                  <option value="">Document rate</option>
                  {VAT_CODES.map((code) => (
                    <option key={code} value={code}>
                      {VAT_RATES[code].label} · {VAT_RATES[code].name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Kind" error={lineErrors?.kind?.message} className="sm:col-span-3">
                <Select {...form.register(`lineItems.${index}.kind`, { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : v) })}>
                  <option value="">Labour</option>
                  <option value="MATERIALS">Materials</option>
                </Select>
              </FormField>
              <FormField label="Discount %" error={lineErrors?.discountPercent?.message} className="sm:col-span-2">
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step="0.01"
                  {...form.register(`lineItems.${index}.discountPercent`, {
                    setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
                  })}
                />
              </FormField>
              <FormField label="Unit" error={lineErrors?.unit?.message} className="sm:col-span-3">
                <Input placeholder="hour, m, each" {...form.register(`lineItems.${index}.unit`)} />
              </FormField>
              {fields.length > 1 && (
                <div className="sm:col-span-1 sm:pt-6">
                  <Button variant="ghost" size="icon" onClick={() => remove(index)} aria-label={`Remove item ${index + 1}`}>
                    <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600" />
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
