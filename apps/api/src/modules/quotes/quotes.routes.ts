import type { RequestHandler } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZQuote, ZQuoteListQuery, ZQuoteRequest } from '@docket/schemas/document';
import { QUOTE_TRANSITION_ACTIONS } from '@docket/schemas/lifecycle';
import { crudRoutes } from '../../http/crud-routes.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import { transitionRoutes } from '../documents/transition-routes.ts';
import type { QuotesService } from './quotes.service.ts';

/** /quotes: CRUD, duplicate and the status actions; `listFirst` answers a kept first page before the session check. */
export function quotesRoutes(service: QuotesService, listFirst: RequestHandler[] = []): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/quotes/:id/duplicate',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZQuote,
      status: 201,
      handler: ({ accountId, params }) => service.duplicate(accountId, params.id),
    }),
    ...crudRoutes(
      '/quotes',
      service,
      { listQuery: ZQuoteListQuery, body: ZQuoteRequest, record: ZQuote, listFirst, sessionInQuery: true },
      // Engineers read and write draft quotes on site; deleting one is the office's.
      { list: 'field-read', get: 'field-read', create: 'field-write', update: 'field-write', remove: 'write' },
    ),
    ...transitionRoutes('/quotes', QUOTE_TRANSITION_ACTIONS, service.transition, ZQuote),
  ];
}
