import { z } from 'zod';
import { MSG } from './messages.ts';
import { EVENT_STATUSES, EVENT_TYPES, type TEventStatus, type TEventType } from './constants.ts';
import { ZDateTime, ZListQuery, optionalText, requiredText } from './common.ts';
import type { TInvoiceStatus, TQuoteStatus } from './lifecycle.ts';

const optionalId = z
  .union([z.uuid({ error: MSG.invalidId }), z.literal(''), z.null()], { error: MSG.invalidId })
  .optional()
  .transform((v) => (v ? v : null));

/** zod 4 still runs object refinements after a field failed, so a field may not be a Date yet. */
const endNotBeforeStart = (start: unknown, end: unknown) =>
  !(start instanceof Date) || !(end instanceof Date) || end.getTime() >= start.getTime();

export const ZEventRequest = z
  .object({
    title: requiredText(MSG.titleRequired, 200, 'Title'),
    description: optionalText(5000, 'Description'),
    startDate: ZDateTime(MSG.startDateRequired),
    endDate: ZDateTime(MSG.endDateRequired),
    allDay: z.boolean({ error: 'All day must be true or false' }).default(false),
    color: z
      .string({ error: MSG.invalidColor })
      .regex(/^#[0-9a-fA-F]{6}$/, MSG.invalidColor)
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null)),
    location: optionalText(500, 'Location'),
    notes: optionalText(5000, 'Notes'),
    status: z.enum(EVENT_STATUSES, { error: `Status must be one of ${EVENT_STATUSES.join(', ')}` }).default('SCHEDULED'),
    type: z.enum(EVENT_TYPES, { error: `Type must be one of ${EVENT_TYPES.join(', ')}` }).default('APPOINTMENT'),
    clientId: optionalId,
    quoteId: optionalId,
    invoiceId: optionalId,
  })
  .refine((v) => endNotBeforeStart(v.startDate, v.endDate), { message: MSG.endBeforeStart, path: ['endDate'] });
export type TEventRequest = z.input<typeof ZEventRequest>;
export type TEventRequestParsed = z.output<typeof ZEventRequest>;

export const ZEventFromQuoteRequest = z
  .object({
    startDate: ZDateTime(MSG.startDateRequired).optional(),
    endDate: ZDateTime(MSG.endDateRequired).optional(),
  })
  .refine((v) => endNotBeforeStart(v.startDate, v.endDate), {
    message: MSG.endBeforeStart,
    path: ['endDate'],
  })
  .default({});

export const ZRangeParams = z
  .object({
    start: ZDateTime(MSG.startDateRequired),
    end: ZDateTime(MSG.endDateRequired),
  })
  .refine((v) => endNotBeforeStart(v.start, v.end), { message: 'Start must be before end', path: ['end'] });

export interface TCalendarEvent {
  id: string;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string;
  allDay: boolean;
  color: string;
  location: string | null;
  notes: string | null;
  status: TEventStatus;
  type: TEventType;
  clientId: string | null;
  quoteId: string | null;
  invoiceId: string | null;
  client: { id: string; name: string } | null;
  quote: { id: string; quoteNumber: string; status: TQuoteStatus; total: number } | null;
  invoice: { id: string; invoiceNumber: string; status: TInvoiceStatus; total: number } | null;
  createdAt: string;
  updatedAt: string;
}

export const ZEventListQuery = ZListQuery.extend({
  status: z.enum(EVENT_STATUSES, { error: `Status must be one of ${EVENT_STATUSES.join(', ')}` }).optional(),
});
export type TEventListQuery = z.output<typeof ZEventListQuery>;

/** The follow-up event built from a quote (SPEC section 9); the server and the screen share it. */
export const FOLLOW_UP = {
  title: (clientName: string | null | undefined) => `Follow-up: ${clientName || 'Client'}`,
  description: (quoteNumber: string) => `Follow-up for quote ${quoteNumber}`,
  type: 'QUOTE_FOLLOW_UP' as TEventType,
  color: '#facc15',
  /** default slot: tomorrow 09:00 for 30 minutes, Europe/London */
  startHour: 9,
  durationMinutes: 30,
} as const;
