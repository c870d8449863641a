import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { ZInvoiceReminders, ZReminderSettings } from '@docket/schemas/email';
import { defineRoute, type Route } from '../../http/route.ts';
import type { RemindersService } from './reminders.service.ts';

const ZOptOut = z.strictObject({ optOut: z.boolean({ error: 'optOut must be true or false' }) });
/** "Send reminder now" takes no fields: an unknown key is a mistake worth a 400. */
const ZNoBody = z.strictObject({});
const ZPaused = z.strictObject({ paused: z.boolean({ error: 'paused must be true or false' }) });
const ZOptOutAnswer = z.strictObject({ optOut: z.boolean() });

/** The company's reminder settings, a client's opt-out and an invoice's pause and "Send reminder now". */
export function remindersRoutes(service: RemindersService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/company/reminders',
      permission: 'read',
      response: ZReminderSettings,
      handler: ({ accountId }) => service.settings(accountId),
    }),
    defineRoute({
      method: 'put',
      path: '/company/reminders',
      permission: 'write',
      request: { body: ZReminderSettings },
      response: ZReminderSettings,
      handler: ({ accountId, body }) => service.saveSettings(accountId, body),
    }),
    defineRoute({
      method: 'get',
      path: '/clients/:id/reminders',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZOptOutAnswer,
      handler: ({ accountId, params }) => service.clientOptOut(accountId, params.id),
    }),
    defineRoute({
      method: 'put',
      path: '/clients/:id/reminders',
      permission: 'write',
      request: { params: ZIdParams, body: ZOptOut },
      response: ZOptOutAnswer,
      handler: ({ accountId, params, body }) => service.clientOptOut(accountId, params.id, body.optOut),
    }),
    defineRoute({
      method: 'get',
      path: '/invoices/:id/reminders',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZInvoiceReminders,
      handler: ({ accountId, params }) => service.invoicePaused(accountId, params.id),
    }),
    defineRoute({
      method: 'put',
      path: '/invoices/:id/reminders',
      permission: 'write',
      request: { params: ZIdParams, body: ZPaused },
      response: ZInvoiceReminders,
      handler: ({ accountId, params, body }) => service.invoicePaused(accountId, params.id, body.paused),
    }),
    // "Send reminder now" (docs/product.md, "Reminders"): answers the invoice's reminders afterwards.
    defineRoute({
      method: 'post',
      path: '/invoices/:id/reminders/send',
      permission: 'write',
      request: { params: ZIdParams, body: ZNoBody },
      response: ZInvoiceReminders,
      status: 201,
      handler: ({ accountId, params }) => service.sendNow(accountId, params.id),
    }),
  ];
}
