import { DEFAULT_EVENT_COLOR, EVENT_COLOR_BY_TYPE } from '@docket/schemas/constants';
import type { TQuote } from '@docket/schemas/document';
import { FOLLOW_UP, type TCalendarEvent, type TEventRequest } from '@docket/schemas/event';
import type { TEventFormInput, TEventFormOutput } from '@docket/schemas/forms';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as <input type="datetime-local"> shows it: local time, cut to the minute. */
export function toLocalInput(value: Date | string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time, no offset) as an ISO instant for the API. */
export const fromLocalInput = (value: string): string => new Date(value).toISOString();

/** The colour an event shows: its own, else its type's default (docs/product.md, "Defaults"). */
export const eventColor = (event: Pick<TCalendarEvent, 'color' | 'type'>): string => event.color || EVENT_COLOR_BY_TYPE[event.type] || DEFAULT_EVENT_COLOR;

/** New events start at the next full hour and last an hour. */
function nextHourSlot(now = new Date()): { start: Date; end: Date } {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return { start, end: new Date(start.getTime() + 60 * 60 * 1000) };
}

export function emptyEventForm(range?: { start: Date; end: Date; allDay: boolean }): TEventFormInput {
  const slot = range ?? { ...nextHourSlot(), allDay: false };
  return {
    title: '',
    type: 'APPOINTMENT',
    description: '',
    startDate: toLocalInput(slot.start),
    endDate: toLocalInput(slot.end),
    allDay: slot.allDay,
    location: '',
    color: DEFAULT_EVENT_COLOR,
    clientId: '',
    quoteId: '',
    notes: '',
  };
}

export function eventToForm(event: TCalendarEvent): TEventFormInput {
  return {
    title: event.title,
    type: event.type,
    description: event.description ?? '',
    startDate: toLocalInput(event.startDate),
    endDate: toLocalInput(event.endDate),
    allDay: event.allDay,
    location: event.location ?? '',
    color: eventColor(event),
    clientId: event.clientId ?? '',
    quoteId: event.quoteId ?? '',
    notes: event.notes ?? '',
    ...(event.assigneeId ? { assigneeId: event.assigneeId } : {}),
  };
}

/** Tomorrow at the follow-up's hour, for its length (the browser's time; the app runs in Europe/London). */
function followUpSlot(now = new Date()): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, FOLLOW_UP.startHour, 0, 0, 0);
  return { start, end: new Date(start.getTime() + FOLLOW_UP.durationMinutes * 60_000) };
}

/**
 * The follow-up built from an approved quote (docs/product.md, "Defaults"): tomorrow 09:00 for
 * 30 minutes, at the quote's site address when it has one, as the API's from-quote route makes it.
 */
export function quoteFollowUpForm(
  quote: Pick<TQuote, 'id' | 'quoteNumber' | 'clientId' | 'client'> & { siteAddress?: string | null },
  now = new Date(),
): TEventFormInput {
  return {
    ...emptyEventForm({ ...followUpSlot(now), allDay: false }),
    location: FOLLOW_UP.location(quote.siteAddress) ?? '',
    title: FOLLOW_UP.title(quote.client?.name),
    description: FOLLOW_UP.description(quote.quoteNumber),
    type: FOLLOW_UP.type,
    color: FOLLOW_UP.color,
    clientId: quote.clientId ?? '',
    quoteId: quote.id,
  };
}

/** The request for a validated form; an edited event keeps its status and invoice link. */
export function formToRequest(values: TEventFormOutput, existing?: TCalendarEvent | null): TEventRequest {
  return {
    title: values.title,
    type: values.type,
    description: values.description,
    startDate: fromLocalInput(values.startDate),
    endDate: fromLocalInput(values.endDate),
    allDay: values.allDay,
    location: values.location,
    color: values.color || null,
    clientId: values.clientId || null,
    quoteId: values.quoteId || null,
    invoiceId: existing?.invoiceId ?? null,
    notes: values.notes,
    status: existing?.status ?? 'SCHEDULED',
    // absent: the server keeps the assignee (and gives an engineer's new event to them)
    ...(values.assigneeId === undefined ? {} : { assigneeId: values.assigneeId || null }),
  };
}

/** The request that moves an event (drag or resize) and keeps everything else. */
export function movedEventRequest(event: TCalendarEvent, start: Date, end: Date, allDay: boolean): TEventRequest {
  return {
    title: event.title,
    type: event.type,
    description: event.description,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    allDay,
    location: event.location,
    color: event.color || null,
    clientId: event.clientId,
    quoteId: event.quoteId,
    invoiceId: event.invoiceId,
    notes: event.notes,
    status: event.status,
  };
}
