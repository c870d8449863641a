import { z } from 'zod';
import { MSG } from './messages.ts';
import { EVENT_TYPES } from './constants.ts';
import { ZEventRequest } from './event.ts';

/**
 * Form-side shapes where a request schema cannot read what an input gives.
 * The event form's dates come from <input type="datetime-local"> ('YYYY-MM-DDTHH:mm', local
 * time with no offset); ZEventRequest would read them as UTC, so the form keeps them as text
 * and the screen converts them to ISO instants before sending. Every message is the shared one.
 */
const localDateTime = (requiredMessage: string) => z.string({ error: requiredMessage }).trim().min(1, requiredMessage);

export const ZEventForm = z
  .object({
    title: ZEventRequest.shape.title,
    type: z.enum(EVENT_TYPES),
    description: ZEventRequest.shape.description,
    startDate: localDateTime(MSG.startDateRequired),
    endDate: localDateTime(MSG.endDateRequired),
    allDay: z.boolean(),
    location: ZEventRequest.shape.location,
    color: z.string(),
    clientId: z.string(),
    quoteId: z.string(),
    notes: ZEventRequest.shape.notes,
    /** the member it is for ('' nobody); absent where the form offers no choice (an engineer's own events) */
    assigneeId: z.string().optional(),
  })
  // Same-format local date-times compare correctly as text.
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    message: MSG.endBeforeStart,
    path: ['endDate'],
  });
export type TEventFormInput = z.input<typeof ZEventForm>;
export type TEventFormOutput = z.output<typeof ZEventForm>;
