import { Router } from 'express';
import { ZAgedDebtorsQuery, ZVatReportQuery } from '@docket/schemas/reports';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { ReportsService } from './reports.service.ts';
import { vatReportCsv, type VatReportService } from './vat-report.service.ts';

/**
 * /reports: GET /aged-debtors?asOf=YYYY-MM-DD (default today, Europe/London);
 * GET /vat?from&to&basis and /vat.csv (docs/product.md, "VAT return figures").
 */
export function reportsRoutes(service: ReportsService, vat: VatReportService) {
  const router = Router();
  router.get('/aged-debtors', async (req, res) => {
    const { asOf } = parse(ZAgedDebtorsQuery, req.query);
    sendData(res, await service.agedDebtors(currentUser(req).id, asOf));
  });
  router.get('/vat', async (req, res) => {
    sendData(res, await vat.vat(currentUser(req).id, parse(ZVatReportQuery, req.query)));
  });
  router.get('/vat.csv', async (req, res) => {
    const q = parse(ZVatReportQuery, req.query);
    const report = await vat.vat(currentUser(req).id, q);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="vat-${report.from}-to-${report.to}-${report.basis}.csv"`);
    res.send(vatReportCsv(report));
  });
  return router;
}
