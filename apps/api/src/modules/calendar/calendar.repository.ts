import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { TEventStatus, TEventType } from '@docket/schemas/constants';
import type { Database } from '../../db/client.ts';
import { calendarEvents, clients, invoices, quotes } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';
import { likePattern } from '../../lib/pagination.ts';
import { effectiveInvoiceStatus } from '../invoices/invoice-status.ts';

export interface EventListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
  status?: TEventStatus;
  clientId?: string;
  assignee?: string;
}

export interface EventFields {
  title: string;
  description: string | null;
  startDate: Date;
  endDate: Date;
  allDay: boolean;
  color: string;
  location: string | null;
  notes: string | null;
  status: TEventStatus;
  type: TEventType;
  clientId: string | null;
  quoteId: string | null;
  invoiceId: string | null;
  /** absent on an update: the assignee stays */
  assigneeUserId?: string | null;
}

const eventColumns = (today: string) => ({
  id: calendarEvents.id,
  title: calendarEvents.title,
  description: calendarEvents.description,
  startDate: calendarEvents.startDate,
  endDate: calendarEvents.endDate,
  allDay: calendarEvents.allDay,
  color: calendarEvents.color,
  location: calendarEvents.location,
  notes: calendarEvents.notes,
  status: calendarEvents.status,
  type: calendarEvents.type,
  clientId: calendarEvents.clientId,
  quoteId: calendarEvents.quoteId,
  invoiceId: calendarEvents.invoiceId,
  assigneeUserId: calendarEvents.assigneeUserId,
  createdAt: calendarEvents.createdAt,
  updatedAt: calendarEvents.updatedAt,
  clientName: clients.name,
  quoteNumber: quotes.quoteNumber,
  quoteStatus: quotes.status,
  quoteTotalPence: quotes.totalPence,
  invoiceNumber: invoices.invoiceNumber,
  invoiceStatus: effectiveInvoiceStatus(today),
  invoiceTotalPence: invoices.totalPence,
});

/** Events with their client, quote and invoice summaries in one joined query. */
const selectEvents = (db: Database, today: string) =>
  db
    .select(eventColumns(today))
    .from(calendarEvents)
    .leftJoin(clients, eq(clients.id, calendarEvents.clientId))
    .leftJoin(quotes, eq(quotes.id, calendarEvents.quoteId))
    .leftJoin(invoices, eq(invoices.id, calendarEvents.invoiceId));

export type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

export function createCalendarRepository(db: Database) {
  const own = (userId: string, id: string) => and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, id));
  return {
    list(userId: string, today: string, o: EventListOptions = {}) {
      const filters = [
        eq(calendarEvents.userId, userId),
        afterCursor(o.cursor, calendarEvents.createdAt, calendarEvents.id),
        o.status ? eq(calendarEvents.status, o.status) : undefined,
        o.clientId ? eq(calendarEvents.clientId, o.clientId) : undefined,
        o.assignee ? eq(calendarEvents.assigneeUserId, o.assignee) : undefined,
      ];
      // As for quotes: one arm per searched table, each filtered, ordered and limited like the
      // page, so each can use its trigram indexes or walk newest-first, whichever is cheaper.
      const arm = (match: SQL | undefined) => {
        const q = db
          .select({ id: calendarEvents.id })
          .from(calendarEvents)
          .where(and(...filters, match))
          .orderBy(...newestFirst(calendarEvents.createdAt, calendarEvents.id))
          .$dynamic();
        return o.limit ? q.limit(o.limit + 1) : q;
      };
      const pattern = o.q ? likePattern(o.q) : undefined;
      const search: SQL | undefined = pattern
        ? inArray(
            calendarEvents.id,
            union(
              arm(or(ilike(calendarEvents.title, pattern), ilike(calendarEvents.description, pattern), ilike(calendarEvents.location, pattern))),
              arm(inArray(calendarEvents.clientId, db.select({ id: clients.id }).from(clients).where(ilike(clients.name, pattern)))),
            ),
          )
        : undefined;
      const query = selectEvents(db, today)
        .where(and(...filters, search))
        .orderBy(...newestFirst(calendarEvents.createdAt, calendarEvents.id));
      return o.limit ? query.limit(o.limit + 1) : query;
    },

    /** Events overlapping [start, end], edges included, earliest first. */
    range(userId: string, today: string, start: Date, end: Date, assignee?: string) {
      return selectEvents(db, today)
        .where(
          and(
            eq(calendarEvents.userId, userId),
            lte(calendarEvents.startDate, end),
            gte(calendarEvents.endDate, start),
            assignee ? eq(calendarEvents.assigneeUserId, assignee) : undefined,
          ),
        )
        .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.id));
    },

    async get(userId: string, id: string, today: string): Promise<EventRow | null> {
      const [row] = await selectEvents(db, today).where(own(userId, id)).limit(1);
      return row ?? null;
    },

    async create(userId: string, fields: EventFields): Promise<string> {
      const [row] = await db
        .insert(calendarEvents)
        .values({ userId, ...fields })
        .returning({ id: calendarEvents.id });
      return row!.id;
    },

    async update(userId: string, id: string, fields: EventFields): Promise<boolean> {
      const [row] = await db
        .update(calendarEvents)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(own(userId, id))
        .returning({ id: calendarEvents.id });
      return Boolean(row);
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const [row] = await db.delete(calendarEvents).where(own(userId, id)).returning({ id: calendarEvents.id });
      return Boolean(row);
    },

    /** What a follow-up needs from a quote: its number and client. */
    async quoteForFollowUp(userId: string, quoteId: string) {
      const [row] = await db
        .select({ id: quotes.id, quoteNumber: quotes.quoteNumber, clientId: quotes.clientId, clientName: clients.name, siteAddress: quotes.siteAddress })
        .from(quotes)
        .innerJoin(clients, eq(clients.id, quotes.clientId))
        .where(and(eq(quotes.userId, userId), eq(quotes.id, quoteId)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
