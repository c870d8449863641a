import { Pencil, Trash2 } from 'lucide-react';
import { EVENT_TYPE_LABELS } from '@docket/schemas/constants';
import type { TCalendarEvent } from '@docket/schemas/event';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

interface EventDetailDialogProps {
  event: TCalendarEvent | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (event: TCalendarEvent) => void;
  onDelete: (event: TCalendarEvent) => void;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A clicked event: its details, and Edit / Delete. */
export function EventDetailDialog({ event, onOpenChange, onEdit, onDelete }: EventDetailDialogProps) {
  return (
    <Dialog open={event !== null} onOpenChange={onOpenChange}>
      {event && (
        <DialogContent title={event.title} description={EVENT_TYPE_LABELS[event.type] ?? event.type}>
          <dl className="space-y-3">
            <Detail label="Description">{event.description || 'No description provided'}</Detail>
            <Detail label="Start">{formatDateTime(event.startDate)}</Detail>
            <Detail label="End">{formatDateTime(event.endDate)}</Detail>
            {event.location && <Detail label="Location">{event.location}</Detail>}
            {event.client?.name && <Detail label="Client">{event.client.name}</Detail>}
            {event.notes && <Detail label="Notes">{event.notes}</Detail>}
          </dl>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onEdit(event)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </Button>
            <Button variant="destructive" onClick={() => onDelete(event)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
