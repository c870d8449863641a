import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCalendarEvent } from '@docket/schemas/event';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /calendar: every event (the plain list). */
export const getEvents = () => apiGet<TCalendarEvent[]>('/calendar');

export const eventsQueryOptions = () => queryOptions({ queryKey: queryKeys.calendar, queryFn: getEvents });

export const useEvents = () => useQuery(eventsQueryOptions());
