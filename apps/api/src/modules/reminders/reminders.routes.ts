import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { ZReminderSettings } from '@docket/schemas/email';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { RemindersService } from './reminders.service.ts';

const ZOptOut = z.strictObject({ optOut: z.boolean({ error: 'optOut must be true or false' }) });
/** "Send reminder now" takes no fields: an unknown key is a mistake worth a 400. */
const ZNoBody = z.strictObject({});
const ZPaused = z.strictObject({ paused: z.boolean({ error: 'paused must be true or false' }) });

/** Mounted at /api before the company, clients and invoices routers. */
export function remindersRoutes(service: RemindersService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/company/reminders', requireUser, async (req, res) => {
    sendData(res, await service.settings(currentAccount(req).id));
  });
  router.put('/company/reminders', requireUser, async (req, res) => {
    sendData(res, await service.saveSettings(currentAccount(req).id, parse(ZReminderSettings, req.body)));
  });
  router.get('/clients/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.clientOptOut(currentAccount(req).id, id));
  });
  router.put('/clients/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { optOut } = parse(ZOptOut, req.body);
    sendData(res, await service.clientOptOut(currentAccount(req).id, id, optOut));
  });
  router.get('/invoices/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.invoicePaused(currentAccount(req).id, id));
  });
  router.put('/invoices/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { paused } = parse(ZPaused, req.body);
    sendData(res, await service.invoicePaused(currentAccount(req).id, id, paused));
  });
  // "Send reminder now" (docs/product.md, "Reminders"): answers the invoice's reminders afterwards.
  router.post('/invoices/:id/reminders/send', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    parse(ZNoBody, req.body ?? {});
    sendData(res, await service.sendNow(currentAccount(req).id, id), 201);
  });
  return router;
}
