import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { ZRecurringInvoice, ZRecurringRequest } from '@docket/schemas/recurring';
import { defineRoute, type Route } from '../../http/route.ts';
import { recordRoutes } from '../../http/crud-routes.ts';
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
    ...recordRoutes(
      '/recurring-invoices',
      service,
      { body: ZRecurringRequest, record: ZRecurringInvoice },
      { get: 'read', create: 'write', update: 'write', remove: 'write' },
    ),
    action('pause'),
    action('resume'),
  ];
}
