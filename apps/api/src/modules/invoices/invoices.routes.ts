import { ZVoidRequest } from '@docket/schemas/credit-note';
import { ZIdParams } from '@docket/schemas/common';
import { ZDueDateRequest, ZFromQuoteRequest, ZInvoice, ZInvoiceListQuery, ZInvoiceRequest, ZQuoteIdParams } from '@docket/schemas/document';
import { INVOICE_TRANSITION_ACTIONS } from '@docket/schemas/lifecycle';
import { ZQuoteInvoiceRequest } from '@docket/schemas/stage-invoice';
import { crudRoutes } from '../../http/crud-routes.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import { transitionRoutes } from '../documents/transition-routes.ts';
import type { InvoicesService } from './invoices.service.ts';

/**
 * /invoices: CRUD, from-quote, duplicate, void, due date and the status actions, and POST
 * /quotes/{id}/invoices (a deposit, stage or final invoice of the quote). The list and GET of one
 * answer invoices as kept one by one (docs/product.md, "Kept invoice answers").
 */
export function invoicesRoutes(service: InvoicesService): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/quotes/:id/invoices',
      permission: 'write',
      request: { params: ZIdParams, body: ZQuoteInvoiceRequest },
      response: ZInvoice,
      status: 201,
      handler: ({ accountId, params, body }) => service.inStages(accountId, params.id, body),
    }),
    defineRoute({
      method: 'post',
      path: '/invoices/from-quote/:quoteId',
      permission: 'write',
      request: { params: ZQuoteIdParams, body: ZFromQuoteRequest },
      response: ZInvoice,
      status: 201,
      handler: ({ accountId, params, body }) => service.fromQuote(accountId, params.quoteId, body.dueDate),
    }),
    defineRoute({
      method: 'post',
      path: '/invoices/:id/duplicate',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZInvoice,
      status: 201,
      handler: ({ accountId, params }) => service.duplicate(accountId, params.id),
    }),
    defineRoute({
      method: 'patch',
      path: '/invoices/:id/void',
      permission: 'write',
      request: { params: ZIdParams, body: ZVoidRequest },
      response: ZInvoice,
      handler: ({ accountId, params, body }) => service.void(accountId, params.id, body.reason),
    }),
    defineRoute({
      method: 'patch',
      path: '/invoices/:id/due-date',
      permission: 'write',
      request: { params: ZIdParams, body: ZDueDateRequest },
      response: ZInvoice,
      handler: ({ accountId, params, body }) => service.changeDueDate(accountId, params.id, body.dueDate),
    }),
    ...crudRoutes(
      '/invoices',
      // GET /invoices/{id} answers the invoice's kept JSON (docs/product.md, "Kept invoice answers")
      { ...service, get: service.answer },
      { listQuery: ZInvoiceListQuery, body: ZInvoiceRequest, record: ZInvoice, sessionInQuery: true, sessionInCreate: true },
      // Invoices are money: engineers see none; accountants read them.
      { list: 'read', get: 'read', create: 'write', update: 'write', remove: 'write' },
    ),
    ...transitionRoutes('/invoices', INVOICE_TRANSITION_ACTIONS, service.transition, ZInvoice),
  ];
}
