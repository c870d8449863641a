import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { MSG } from '@docket/schemas/messages';
import type { TPage } from '@docket/schemas/common';
import { EVENT_COLOR_BY_TYPE } from '@docket/schemas/constants';
import { FOLLOW_UP, type TCalendarEvent, type TEventListQuery, type TEventRequestParsed } from '@docket/schemas/event';
import { ROLE_MESSAGES, type TRole } from '@docket/schemas/account';
import { AppError } from '../../lib/app-error.ts';
import { addDays, londonDay, londonWallTimeToInstant, type Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/pagination.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import type { CalendarRepository, EventFields } from './calendar.repository.ts';
import { toEventDto } from './calendar.mapper.ts';

/** Who acts: engineers change only their own events and assign only to themselves (docs/product.md, "Accounts and roles"). */
export interface CalendarActor {
  userId: string;
  role: TRole;
}

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
  async function toFields(userId: string, input: TEventRequestParsed, actor?: CalendarActor): Promise<EventFields> {
    const details: Record<string, string> = {};
    const { assigneeId, ...rest } = input;
    // An engineer's own events by default; they may not give work to someone else.
    const assignee = assigneeId === undefined && actor?.role === 'ENGINEER' ? actor.userId : assigneeId;
    if (actor?.role === 'ENGINEER' && assignee !== undefined && assignee !== actor.userId) throw AppError.forbidden(ROLE_MESSAGES.refused);
    const [client, quote, invoice, member] = await Promise.all([
      input.clientId ? deps.ownership.client(userId, input.clientId) : true,
      input.quoteId ? deps.ownership.quote(userId, input.quoteId) : true,
      input.invoiceId ? deps.ownership.invoice(userId, input.invoiceId) : true,
      assignee ? deps.ownership.member(userId, assignee) : true,
    ]);
    if (!client) details.clientId = ERROR_MESSAGES.notFound('Client');
    if (!quote) details.quoteId = ERROR_MESSAGES.notFound('Quote');
    if (!invoice) details.invoiceId = ERROR_MESSAGES.notFound('Invoice');
    if (!member) details.assigneeId = 'Assignee must be a member of this business';
    const first = Object.values(details)[0];
    if (first) throw AppError.badRequest(first, details);
    return { ...rest, color: input.color ?? EVENT_COLOR_BY_TYPE[input.type], ...(assignee === undefined ? {} : { assigneeUserId: assignee }) };
  }

  /** An engineer changes only the events assigned to them; everyone else's are read-only to them. */
  async function assertMayChange(userId: string, id: string, actor?: CalendarActor) {
    if (actor?.role !== 'ENGINEER') return;
    const row = await repo.get(userId, id, today());
    if (!row) throw AppError.notFound('Event');
    if (row.assigneeUserId !== actor.userId) throw AppError.forbidden(ROLE_MESSAGES.refused);
  }

  return {
    get,
    async list(userId: string, assignee?: string): Promise<TCalendarEvent[]> {
      return (await repo.list(userId, today(), { assignee })).map(toEventDto);
    },
    async page(userId: string, q: TEventListQuery & { limit: number }): Promise<TPage<TCalendarEvent>> {
      return toPage(await repo.list(userId, today(), q), q.limit, toEventDto);
    },
    async range(userId: string, start: Date, end: Date, assignee?: string): Promise<TCalendarEvent[]> {
      return (await repo.range(userId, today(), start, end, assignee)).map(toEventDto);
    },
    async create(userId: string, input: TEventRequestParsed, actor?: CalendarActor): Promise<TCalendarEvent> {
      return get(userId, await repo.create(userId, await toFields(userId, input, actor)));
    },
    async update(userId: string, id: string, input: TEventRequestParsed, actor?: CalendarActor): Promise<TCalendarEvent> {
      await assertMayChange(userId, id, actor);
      const fields = await toFields(userId, input, actor);
      if (!(await repo.update(userId, id, fields))) throw AppError.notFound('Event');
      return get(userId, id);
    },
    async remove(userId: string, id: string, actor?: CalendarActor) {
      await assertMayChange(userId, id, actor);
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Event');
    },
    /** The follow-up of a quote (docs/product.md, "Defaults"): tomorrow 09:00-09:30 in London, at the quote's site address. */
    async fromQuote(userId: string, quoteId: string, slot: { startDate?: Date; endDate?: Date }, actor?: CalendarActor): Promise<TCalendarEvent> {
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
        location: FOLLOW_UP.location(quote.siteAddress),
        notes: null,
        status: 'SCHEDULED',
        type: FOLLOW_UP.type,
        clientId: quote.clientId,
        quoteId: quote.id,
        invoiceId: null,
        // a follow-up is assigned to whoever makes it
        assigneeUserId: actor?.userId ?? null,
      });
      return get(userId, id);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
