import { Router, type Response } from 'express';
import { REPORT_MESSAGES, ZAgedDebtorsQuery, ZCisReportQuery, ZProfitAndLossQuery, ZVatReportQuery } from '@docket/schemas/reports';
import { parse } from '../../middleware/validate.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { cisReportCsv, profitAndLossCsv, type BooksService } from './books.service.ts';
import type { ReportsService } from './reports.service.ts';
import { vatReportCsv, type VatReportService } from './vat-report.service.ts';

/**
 * /reports: GET /aged-debtors?asOf=YYYY-MM-DD (default today, Europe/London);
 * GET /vat?from&to&basis and /vat.csv (docs/product.md, "VAT return figures");
 * GET /profit-and-loss?from&to&basis&format=json|csv and GET /cis?taxYear&format=json|csv
 * (docs/product.md, "Profit and loss", "CIS deductions suffered").
 */
export function reportsRoutes(service: ReportsService, vat: VatReportService, books: BooksService) {
  const router = Router();
  const sendCsv = (res: Response, filename: string, body: string) => {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(body);
  };
  router.get('/profit-and-loss', async (req, res) => {
    const q = parse(ZProfitAndLossQuery, req.query);
    const report = await books.profitAndLoss(currentAccount(req).id, q);
    if (q.format === 'csv') sendCsv(res, `profit-and-loss-${report.from}-to-${report.to}-${report.basis}.csv`, profitAndLossCsv(report));
    else sendData(res, report);
  });
  router.get('/cis', async (req, res) => {
    const q = parse(ZCisReportQuery, req.query);
    const report = await books.cis(currentAccount(req).id, q.taxYear);
    if (q.format === 'csv') sendCsv(res, `cis-deductions-${report.taxYear}-${report.taxYear + 1}.csv`, cisReportCsv(report));
    else sendData(res, report);
  });
  router.get('/aged-debtors', async (req, res) => {
    const { asOf } = parse(ZAgedDebtorsQuery, req.query);
    sendData(res, await service.agedDebtors(currentAccount(req).id, asOf));
  });
  router.get('/vat', async (req, res) => {
    // ?format=csv as the newer reports take it; /vat.csv stays for links already made.
    const { format, ...query } = req.query;
    if (format !== undefined && format !== 'json' && format !== 'csv') throw AppError.badRequest(REPORT_MESSAGES.format, { format: REPORT_MESSAGES.format });
    const q = parse(ZVatReportQuery, query);
    const report = await vat.vat(currentAccount(req).id, q);
    if (format === 'csv') sendCsv(res, `vat-${report.from}-to-${report.to}-${report.basis}.csv`, vatReportCsv(report));
    else sendData(res, report);
  });
  router.get('/vat.csv', async (req, res) => {
    const q = parse(ZVatReportQuery, req.query);
    const report = await vat.vat(currentAccount(req).id, q);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="vat-${report.from}-to-${report.to}-${report.basis}.csv"`);
    res.send(vatReportCsv(report));
  });
  return router;
}
