import { z } from 'zod';
import { ZDeletedAnswer, ZIdParams } from '@docket/schemas/common';
import { ZRecurringInvoice, ZRecurringRequest } from '@docket/schemas/recurring';
import { defineRoute, type Route } from '../../http/route.ts';
import type { RecurringService } from './recurring.service.ts';

/** /api/recurring-invoices (docs/product.md, "Recurring invoices"). */
export function recurringRoutes(service: RecurringService): Route[] {
  const action = (name: 'pause' | 'resume') =>
    defineRoute({
      method: 'patch',
      path: `/recurring-invoices/:id/${name}`,
      permission: 'write',
      request: { params: ZIdParams },
      response: ZRecurringInvoice,
      handler: ({ accountId, params }) => service[name](accountId, params.id),
    });
  return [
    defineRoute({
      method: 'get',
      path: '/recurring-invoices',
      permission: 'read',
      response: z.array(ZRecurringInvoice),
      handler: ({ accountId }) => service.list(accountId),
    }),
    defineRoute({
      method: 'get',
      path: '/recurring-invoices/:id',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZRecurringInvoice,
      handler: ({ accountId, params }) => service.get(accountId, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/recurring-invoices',
      permission: 'write',
      request: { body: ZRecurringRequest },
      response: ZRecurringInvoice,
      status: 201,
      handler: ({ accountId, body }) => service.create(accountId, body),
    }),
    defineRoute({
      method: 'put',
      path: '/recurring-invoices/:id',
      permission: 'write',
      request: { params: ZIdParams, body: ZRecurringRequest },
      response: ZRecurringInvoice,
      handler: ({ accountId, params, body }) => service.update(accountId, params.id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/recurring-invoices/:id',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZDeletedAnswer,
      handler: async ({ accountId, params }) => {
        await service.remove(accountId, params.id);
        return { id: params.id };
      },
    }),
    action('pause'),
    action('resume'),
  ];
}
