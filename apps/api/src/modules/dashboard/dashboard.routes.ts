import { Router } from 'express';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(service: DashboardService) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.get(currentAccount(req).id));
  });
  return router;
}
