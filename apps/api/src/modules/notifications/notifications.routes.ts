import { Router } from 'express';
import { ZNotificationsQuery, ZNotificationsRead } from '@docket/schemas/share';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { NotificationsService } from './notifications.service.ts';

/** GET /notifications (newest first, paged) and POST /notifications/read {ids?} (none: all). */
export function notificationsRoutes(service: NotificationsService) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.list(currentAccount(req).id, parse(ZNotificationsQuery, req.query)));
  });
  router.post('/read', async (req, res) => {
    const { ids } = parse(ZNotificationsRead, req.body ?? {});
    sendData(res, await service.markRead(currentAccount(req).id, ids));
  });
  return router;
}
