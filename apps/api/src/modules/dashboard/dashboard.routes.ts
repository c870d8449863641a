import { Router } from 'express';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(service: DashboardService) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.get(currentUser(req).id));
  });
  return router;
}
