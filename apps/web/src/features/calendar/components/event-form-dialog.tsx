import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EVENT_COLOR_BY_TYPE, EVENT_COLORS, EVENT_TYPE_LABELS, EVENT_TYPES, type TEventType } from '@docket/schemas/constants';
import { ZEventForm, type TEventFormInput, type TEventFormOutput } from '@docket/schemas/forms';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'create' | 'edit';
  initialValues: TEventFormInput;
  clients: Array<{ id: string; name: string }>;
  /** the business's members, when the form may assign the event to one (a team, not an engineer) */
  members?: Array<{ userId: string; name: string }>;
  /** Resolves after a successful save (the dialog is then closed by the caller); throws or toasts on failure. */
  onSubmit: (values: TEventFormOutput) => Promise<void>;
}

/** 'Create New Event' / 'Edit Event'. Remount it (key) to load other values. */
export function EventFormDialog({ open, onOpenChange, mode, initialValues, clients, members, onSubmit }: EventFormDialogProps) {
  const form = useForm<TEventFormInput, unknown, TEventFormOutput>({
    resolver: zodResolver(ZEventForm),
    defaultValues: initialValues,
  });
  const { errors, isSubmitting } = form.formState;
  const isEdit = mode === 'edit';

  // Until a colour is picked by hand, the colour follows the type's default (docs/product.md, "Defaults").
  const [colourChosen, setColourChosen] = useState(initialValues.color !== EVENT_COLOR_BY_TYPE[initialValues.type]);
  const typeField = form.register('type', {
    onChange: (e: { target: { value: string } }) => {
      if (!colourChosen) form.setValue('color', EVENT_COLOR_BY_TYPE[e.target.value as TEventType]);
    },
  });
  const colorField = form.register('color', { onChange: () => setColourChosen(true) });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        title={isEdit ? 'Edit Event' : 'Create New Event'}
        description={isEdit ? 'Update event details' : 'Add a new calendar event'}
        className="max-w-2xl"
      >
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Title" required error={errors.title?.message} className="sm:col-span-2">
            <Input {...form.register('title')} />
          </FormField>
          <FormField label="Type" error={errors.type?.message}>
            <Select {...typeField}>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {EVENT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Color" error={errors.color?.message}>
            <Select {...colorField}>
              {EVENT_COLORS.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
            <Textarea {...form.register('description')} />
          </FormField>
          <FormField label="Start Date" required error={errors.startDate?.message}>
            <Input type="datetime-local" {...form.register('startDate')} />
          </FormField>
          <FormField label="End Date" required error={errors.endDate?.message}>
            <Input type="datetime-local" {...form.register('endDate')} />
          </FormField>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-2">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...form.register('allDay')} />
            All day
          </label>
          <FormField label="Location" error={errors.location?.message}>
            <Input {...form.register('location')} />
          </FormField>
          <FormField label="Client" error={errors.clientId?.message}>
            <Select {...form.register('clientId')}>
              <option value="">No client</option>
              {clients.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </Select>
          </FormField>
          {members && members.length > 0 && (
            <FormField label="Assigned to" error={errors.assigneeId?.message} className="sm:col-span-2">
              <Select {...form.register('assigneeId')}>
                <option value="">Nobody</option>
                {members.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea {...form.register('notes')} />
          </FormField>
          {/* The body scrolls under a footer pinned to the dialog's bottom edge: on a 768 px high
              screen the buttons stay in view however long the form is. */}
          <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:col-span-2 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isEdit ? 'Update Event' : 'Create Event'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
