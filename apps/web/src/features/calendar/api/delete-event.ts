import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { useInvalidateCalendar } from '../hooks/use-invalidate-calendar';

/** DELETE /calendar/:id */
export const deleteEvent = (id: string) => apiDelete(`/calendar/${id}`);

export function useDeleteEvent() {
  const invalidate = useInvalidateCalendar();
  return useMutation({ mutationFn: deleteEvent, onSuccess: invalidate });
}
