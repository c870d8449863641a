import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { MSG } from '@docket/schemas/messages';
import type { TPage } from '@docket/schemas/common';
import { EVENT_COLOR_BY_TYPE } from '@docket/schemas/constants';
import { FOLLOW_UP, type TCalendarEvent, type TEventListQuery, type TEventRequestParsed } from '@docket/schemas/event';
import { AppError } from '../../lib/app-error.ts';
import { addDays, londonDay, londonWallTimeToInstant, type Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/pagination.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import type { CalendarRepository, EventFields } from './calendar.repository.ts';
import { toEventDto } from './calendar.mapper.ts';

export interface CalendarServiceDeps {
  ownership: OwnershipRepository;
  clock: Clock;
}

export function createCalendarService(repo: CalendarRepository, deps: CalendarServiceDeps) {
  const today = () => londonDay(deps.clock());
  const get = async (userId: string, id: string): Promise<TCalendarEvent> => {
    const row = await repo.get(userId, id, today());
    if (!row) throw AppError.notFound('Event');
    return toEventDto(row);
  };

  /** Linked ids must be the caller's own; another user's reads as not found (400, nothing saved). */
  async function toFields(userId: string, input: TEventRequestParsed): Promise<EventFields> {
    const details: Record<string, string> = {};
    const [client, quote, invoice] = await Promise.all([
      input.clientId ? deps.ownership.client(userId, input.clientId) : true,
      input.quoteId ? deps.ownership.quote(userId, input.quoteId) : true,
      input.invoiceId ? deps.ownership.invoice(userId, input.invoiceId) : true,
    ]);
    if (!client) details.clientId = ERROR_MESSAGES.notFound('Client');
    if (!quote) details.quoteId = ERROR_MESSAGES.notFound('Quote');
    if (!invoice) details.invoiceId = ERROR_MESSAGES.notFound('Invoice');
    const first = Object.values(details)[0];
    if (first) throw AppError.badRequest(first, details);
    return { ...input, color: input.color ?? EVENT_COLOR_BY_TYPE[input.type] };
  }

  return {
    get,
    async list(userId: string): Promise<TCalendarEvent[]> {
      return (await repo.list(userId, today())).map(toEventDto);
    },
    async page(userId: string, q: TEventListQuery & { limit: number }): Promise<TPage<TCalendarEvent>> {
      return toPage(await repo.list(userId, today(), q), q.limit, toEventDto);
    },
    async range(userId: string, start: Date, end: Date): Promise<TCalendarEvent[]> {
      return (await repo.range(userId, today(), start, end)).map(toEventDto);
    },
    async create(userId: string, input: TEventRequestParsed): Promise<TCalendarEvent> {
      return get(userId, await repo.create(userId, await toFields(userId, input)));
    },
    async update(userId: string, id: string, input: TEventRequestParsed): Promise<TCalendarEvent> {
      const fields = await toFields(userId, input);
      if (!(await repo.update(userId, id, fields))) throw AppError.notFound('Event');
      return get(userId, id);
    },
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Event');
    },
    /** The follow-up of a quote (docs/product.md, "Defaults"): tomorrow 09:00-09:30 in London. */
    async fromQuote(userId: string, quoteId: string, slot: { startDate?: Date; endDate?: Date }): Promise<TCalendarEvent> {
      const quote = await repo.quoteForFollowUp(userId, quoteId);
      if (!quote) throw AppError.notFound('Quote');
      const startDate = slot.startDate ?? londonWallTimeToInstant(addDays(today(), 1), FOLLOW_UP.startHour, 0);
      const endDate = slot.endDate ?? new Date(startDate.getTime() + FOLLOW_UP.durationMinutes * 60_000);
      if (endDate.getTime() < startDate.getTime()) throw AppError.badRequest(MSG.endBeforeStart, { endDate: MSG.endBeforeStart });
      const id = await repo.create(userId, {
        title: FOLLOW_UP.title(quote.clientName),
        description: FOLLOW_UP.description(quote.quoteNumber),
        startDate,
        endDate,
        allDay: false,
        color: FOLLOW_UP.color,
        location: null,
        notes: null,
        status: 'SCHEDULED',
        type: FOLLOW_UP.type,
        clientId: quote.clientId,
        quoteId: quote.id,
        invoiceId: null,
      });
      return get(userId, id);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
