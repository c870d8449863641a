import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { ZReminderSettings } from '@docket/schemas/email';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { RemindersService } from './reminders.service.ts';

const ZOptOut = z.object({ optOut: z.boolean({ error: 'optOut must be true or false' }) });
const ZPaused = z.object({ paused: z.boolean({ error: 'paused must be true or false' }) });

/** Mounted at /api before the company, clients and invoices routers. */
export function remindersRoutes(service: RemindersService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/company/reminders', requireUser, async (req, res) => {
    sendData(res, await service.settings(currentUser(req).id));
  });
  router.put('/company/reminders', requireUser, async (req, res) => {
    sendData(res, await service.saveSettings(currentUser(req).id, parse(ZReminderSettings, req.body)));
  });
  router.get('/clients/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.clientOptOut(currentUser(req).id, id));
  });
  router.put('/clients/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { optOut } = parse(ZOptOut, req.body);
    sendData(res, await service.clientOptOut(currentUser(req).id, id, optOut));
  });
  router.get('/invoices/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.invoicePaused(currentUser(req).id, id));
  });
  router.put('/invoices/:id/reminders', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { paused } = parse(ZPaused, req.body);
    sendData(res, await service.invoicePaused(currentUser(req).id, id, paused));
  });
  return router;
}
