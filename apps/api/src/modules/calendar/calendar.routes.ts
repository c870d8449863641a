import type { Request } from 'express';
import { z } from 'zod';
import { ZDeletedAnswer, ZIdParams, ZListAnswer } from '@docket/schemas/common';
import { ZQuoteIdParams } from '@docket/schemas/document';
import { ZCalendarEvent, ZEventFromQuoteRequest, ZEventListQuery, ZEventRequest, ZRangeParams, ZRangeQuery } from '@docket/schemas/event';
import { currentAccount, currentUser } from '../../middleware/authenticate.ts';
import { isPaged } from '../../lib/paged-request.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import type { CalendarService } from './calendar.service.ts';

const actorOf = (req: Request) => ({ userId: currentUser(req).id, role: currentAccount(req).role });

/** /calendar: events, a date range, and an event from a quote. */
export function calendarRoutes(service: CalendarService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/calendar',
      permission: 'field-read',
      request: { query: ZEventListQuery },
      response: ZListAnswer(ZCalendarEvent),
      handler: async ({ accountId, query: q }) => (isPaged(q) ? await service.page(accountId, q) : await service.list(accountId, q.assignee)),
    }),
    defineRoute({
      method: 'get',
      path: '/calendar/range/:start/:end',
      permission: 'field-read',
      request: { params: ZRangeParams, query: ZRangeQuery },
      response: z.array(ZCalendarEvent),
      handler: ({ accountId, params, query }) => service.range(accountId, params.start, params.end, query.assignee),
    }),
    defineRoute({
      method: 'post',
      path: '/calendar/from-quote/:quoteId',
      permission: 'field-write',
      request: { params: ZQuoteIdParams, body: ZEventFromQuoteRequest },
      response: ZCalendarEvent,
      status: 201,
      handler: ({ accountId, params, body, req }) => service.fromQuote(accountId, params.quoteId, body, actorOf(req)),
    }),
    defineRoute({
      method: 'get',
      path: '/calendar/:id',
      permission: 'field-read',
      request: { params: ZIdParams },
      response: ZCalendarEvent,
      handler: ({ accountId, params }) => service.get(accountId, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/calendar',
      permission: 'field-write',
      request: { body: ZEventRequest },
      response: ZCalendarEvent,
      status: 201,
      handler: ({ accountId, body, req }) => service.create(accountId, body, actorOf(req)),
    }),
    defineRoute({
      method: 'put',
      path: '/calendar/:id',
      permission: 'field-write',
      request: { params: ZIdParams, body: ZEventRequest },
      response: ZCalendarEvent,
      handler: ({ accountId, params, body, req }) => service.update(accountId, params.id, body, actorOf(req)),
    }),
    defineRoute({
      method: 'delete',
      path: '/calendar/:id',
      permission: 'field-write',
      request: { params: ZIdParams },
      response: ZDeletedAnswer,
      handler: async ({ accountId, params, req }) => {
        await service.remove(accountId, params.id, actorOf(req));
        return { id: params.id };
      },
    }),
  ];
}
