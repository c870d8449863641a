import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZItemRequest, type TItem, type TItemRequest } from '@docket/schemas/item';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

interface ItemFormProps {
  item?: TItem;
  onSubmit: (values: TItemRequest) => Promise<void>;
  onCancel: () => void;
}

/** The inline 'Add New Item' / 'Edit Item' form (rules from ZItemRequest). */
export function ItemForm({ item, onSubmit, onCancel }: ItemFormProps) {
  const form = useForm({
    resolver: zodResolver(ZItemRequest),
    defaultValues: { name: item?.name ?? '', description: item?.description ?? '', price: item?.price ?? 0 },
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
