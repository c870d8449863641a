import { useMutation } from '@tanstack/react-query';
import type { TCalendarEvent, TEventRequest } from '@docket/schemas/event';
import { apiPut } from '@/lib/api-client';
import { useInvalidateCalendar } from '../hooks/use-invalidate-calendar';

/** PUT /calendar/:id (the whole event: also used when an event is dragged or resized). */
export const updateEvent = ({ id, body }: { id: string; body: TEventRequest }) => apiPut<TCalendarEvent>(`/calendar/${id}`, body);

export function useUpdateEvent() {
  const invalidate = useInvalidateCalendar();
  return useMutation({ mutationFn: updateEvent, onSuccess: invalidate });
}
