import { useMutation } from '@tanstack/react-query';
import type { TCalendarEvent, TEventRequest } from '@docket/schemas/event';
import { apiPost } from '@/lib/api-client';
import { useInvalidateCalendar } from '../hooks/use-invalidate-calendar';

/** POST /calendar (a quote follow-up is an ordinary event carrying its quoteId). */
export const createEvent = (body: TEventRequest) => apiPost<TCalendarEvent>('/calendar', body);

export function useCreateEvent() {
  const invalidate = useInvalidateCalendar();
  return useMutation({ mutationFn: createEvent, onSuccess: invalidate });
}
