import { Router } from 'express';
import { ZAgedDebtorsQuery } from '@docket/schemas/reports';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { ReportsService } from './reports.service.ts';

/** /reports: GET /aged-debtors?asOf=YYYY-MM-DD (default today, Europe/London). */
export function reportsRoutes(service: ReportsService) {
  const router = Router();
  router.get('/aged-debtors', async (req, res) => {
    const { asOf } = parse(ZAgedDebtorsQuery, req.query);
    sendData(res, await service.agedDebtors(currentUser(req).id, asOf));
  });
  return router;
}
