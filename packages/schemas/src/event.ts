import { z } from 'zod';
import { MSG } from './messages.ts';
import { EVENT_STATUSES, EVENT_TYPES, type TEventType } from './constants.ts';
import { ZDateTime, ZListQuery, ZTimestamp, optionalText, requiredText } from './common.ts';
import { INVOICE_STATUSES, QUOTE_STATUSES } from './lifecycle.ts';

const optionalId = z
  .union([z.uuid({ error: MSG.invalidId }), z.literal(''), z.null()], { error: MSG.invalidId })
  .optional()
  .transform((v) => (v ? v : null));

/** zod 4 still runs object refinements after a field failed, so a field may not be a Date yet. */
const endNotBeforeStart = (start: unknown, end: unknown) => !(start instanceof Date) || !(end instanceof Date) || end.getTime() >= start.getTime();

export const ZEventRequest = z
  .strictObject({
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
    /** the member the event is for (docs/product.md, "Accounts and roles"); absent: as it was, null: nobody */
    assigneeId: z.uuid({ error: 'Assignee must be a member of this business' }).nullish(),
  })
  .refine((v) => endNotBeforeStart(v.startDate, v.endDate), { message: MSG.endBeforeStart, path: ['endDate'] });
export type TEventRequest = z.input<typeof ZEventRequest>;
export type TEventRequestParsed = z.output<typeof ZEventRequest>;

export const ZEventFromQuoteRequest = z
  // Strict: every field is optional, so an unknown key is the only sign of a wrong body.
  .strictObject({
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

export const ZCalendarEvent = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  startDate: ZTimestamp,
  endDate: ZTimestamp,
  allDay: z.boolean(),
  color: z.string(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  type: z.enum(EVENT_TYPES),
  clientId: z.uuid().nullable(),
  quoteId: z.uuid().nullable(),
  invoiceId: z.uuid().nullable(),
  client: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  quote: z.strictObject({ id: z.uuid(), quoteNumber: z.string(), status: z.enum(QUOTE_STATUSES), total: z.number() }).nullable(),
  invoice: z.strictObject({ id: z.uuid(), invoiceNumber: z.string().nullable(), status: z.enum(INVOICE_STATUSES), total: z.number() }).nullable(),
  /** present only when the event is assigned to a member */
  assigneeId: z.uuid().optional(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

export const ZEventListQuery = ZListQuery.extend({
  status: z.enum(EVENT_STATUSES, { error: `Status must be one of ${EVENT_STATUSES.join(', ')}` }).optional(),
  /** one member's events (docs/product.md, "Accounts and roles") */
  assignee: z.uuid({ error: 'Assignee must be a member id' }).optional(),
});
/** GET /calendar/range/:start/:end?assignee=… */
export const ZRangeQuery = z.object({ assignee: z.uuid({ error: 'Assignee must be a member id' }).optional() });
export type TEventListQuery = z.output<typeof ZEventListQuery>;

/** The follow-up event built from a quote (docs/product.md, "Defaults"); the server and the screen share it. */
export const FOLLOW_UP = {
  title: (clientName: string | null | undefined) => `Follow-up: ${clientName || 'Client'}`,
  description: (quoteNumber: string) => `Follow-up for quote ${quoteNumber}`,
  type: 'QUOTE_FOLLOW_UP' as TEventType,
  color: '#facc15',
  /** the quote's site address on one line (an event's location is one line of up to 500 characters), or null */
  location: (siteAddress: string | null | undefined): string | null => {
    const line = (siteAddress ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(', ');
    return line ? line.slice(0, 500) : null;
  },
  /** default slot: tomorrow 09:00 for 30 minutes, Europe/London */
  startHour: 9,
  durationMinutes: 30,
} as const;
