import { ZIdParams, ZListAnswer } from '@docket/schemas/common';
import { ZInvoice } from '@docket/schemas/document';
import { ZPayment, ZPaymentListQuery, ZPaymentParams, ZPaymentRequest } from '@docket/schemas/payment';
import { isPaged } from '../../lib/paged-request.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import type { PaymentsService } from './payments.service.ts';

type InvoiceReader = (userId: string, id: string) => Promise<unknown>;

/**
 * POST and DELETE /invoices/:id/payments[/:paymentId] (both answer the invoice), and GET /payments:
 * the ledger, newest first; paged with limit/cursor or any filter.
 */
export function paymentsRoutes(service: PaymentsService, invoice: InvoiceReader): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/invoices/:id/payments',
      permission: 'write',
      // checked by the invoice's locked read, inside the payment's transaction, before it writes
      sessionInQuery: true,
      request: { params: ZIdParams, body: ZPaymentRequest },
      response: ZInvoice,
      status: 201,
      handler: async ({ accountId, params, body }) => {
        await service.record(accountId, params.id, body);
        return invoice(accountId, params.id);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/invoices/:id/payments/:paymentId',
      permission: 'write',
      request: { params: ZPaymentParams },
      response: ZInvoice,
      handler: async ({ accountId, params }) => {
        await service.remove(accountId, params.id, params.paymentId);
        return invoice(accountId, params.id);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payments',
      permission: 'read',
      request: { query: ZPaymentListQuery },
      response: ZListAnswer(ZPayment),
      handler: async ({ accountId, query: q }) => {
        const paged = isPaged(q) || q.from !== undefined || q.to !== undefined || q.method !== undefined;
        return paged ? await service.page(accountId, { ...q, limit: q.limit ?? 50 }) : await service.list(accountId);
      },
    }),
  ];
}
