import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZItemRequest, type TItem, type TItemRequest } from '@docket/schemas/item';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { VAT_CODES, VAT_RATES } from '@docket/schemas/vat';

const orNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);

interface ItemFormProps {
  item?: TItem;
  onSubmit: (values: TItemRequest) => Promise<void>;
  onCancel: () => void;
}

/** The inline 'Add New Item' / 'Edit Item' form (rules from ZItemRequest). */
export function ItemForm({ item, onSubmit, onCancel }: ItemFormProps) {
  const form = useForm({
    resolver: zodResolver(ZItemRequest),
    defaultValues: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      price: item?.price ?? 0,
      vat: item?.vat ?? null,
      kind: item?.kind ?? null,
      unit: item?.unit ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const editing = Boolean(item);

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{editing ? 'Edit Item' : 'Add New Item'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" required error={errors.name?.message}>
            <Input {...form.register('name')} />
          </FormField>
          <FormField label="Price" required error={errors.price?.message}>
            <Input type="number" inputMode="decimal" step="0.01" min="0" {...form.register('price', { valueAsNumber: true })} />
          </FormField>
          <FormField label="VAT" error={errors.vat?.message}>
            <Select {...form.register('vat', { setValueAs: orNull })}>
              <option value="">Document rate</option>
              {VAT_CODES.map((code) => (
                <option key={code} value={code}>
                  {VAT_RATES[code].label} · {VAT_RATES[code].name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Kind" error={errors.kind?.message}>
            <Select {...form.register('kind', { setValueAs: orNull })}>
              <option value="">Labour</option>
              <option value="MATERIALS">Materials</option>
            </Select>
          </FormField>
          <FormField label="Unit" error={errors.unit?.message}>
            <Input placeholder="hour, m, each" {...form.register('unit')} />
          </FormField>
          <FormField label="Description" required error={errors.description?.message} className="sm:col-span-2">
            <Textarea {...form.register('description')} />
          </FormField>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Item' : 'Create Item'}
            </Button>
            <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
