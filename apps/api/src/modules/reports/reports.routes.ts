import type { Response } from 'express';
import {
  REPORT_MESSAGES,
  ZAgedDebtors,
  ZAgedDebtorsQuery,
  ZCisReport,
  ZCisReportQuery,
  ZProfitAndLoss,
  ZProfitAndLossQuery,
  ZVatReport,
  ZVatReportQuery,
} from '@docket/schemas/reports';
import { parse } from '../../middleware/validate.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, raw, SENT, type Route } from '../../http/route.ts';
import { cisReportCsv, profitAndLossCsv, type BooksService } from './books.service.ts';
import type { ReportsService } from './reports.service.ts';
import { vatReportCsv, type VatReportService } from './vat-report.service.ts';

const sendCsv = (res: Response, filename: string, body: string) => {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(body);
};

/**
 * /reports: GET /aged-debtors?asOf=YYYY-MM-DD (default today, Europe/London);
 * GET /vat?from&to&basis and /vat.csv (docs/product.md, "VAT return figures");
 * GET /profit-and-loss?from&to&basis&format=json|csv and GET /cis?taxYear&format=json|csv
 * (docs/product.md, "Profit and loss", "CIS deductions suffered"). A CSV is written by the handler.
 * Reports are money: accountants read them (`read`), engineers none.
 */
export function reportsRoutes(service: ReportsService, vat: VatReportService, books: BooksService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/reports/profit-and-loss',
      permission: 'read',
      request: { query: ZProfitAndLossQuery },
      response: ZProfitAndLoss,
      handler: async ({ accountId, query: q, res }) => {
        const report = await books.profitAndLoss(accountId, q);
        if (q.format !== 'csv') return report;
        sendCsv(res, `profit-and-loss-${report.from}-to-${report.to}-${report.basis}.csv`, profitAndLossCsv(report));
        return SENT;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reports/cis',
      permission: 'read',
      request: { query: ZCisReportQuery },
      response: ZCisReport,
      handler: async ({ accountId, query: q, res }) => {
        const report = await books.cis(accountId, q.taxYear);
        if (q.format !== 'csv') return report;
        sendCsv(res, `cis-deductions-${report.taxYear}-${report.taxYear + 1}.csv`, cisReportCsv(report));
        return SENT;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reports/aged-debtors',
      permission: 'read',
      request: { query: ZAgedDebtorsQuery },
      response: ZAgedDebtors,
      handler: ({ accountId, query }) => service.agedDebtors(accountId, query.asOf),
    }),
    defineRoute({
      method: 'get',
      path: '/reports/vat',
      permission: 'read',
      response: ZVatReport,
      handler: async ({ accountId, req, res }) => {
        // ?format=csv as the newer reports take it; /vat.csv stays for links already made.
        const { format, ...query } = req.query;
        if (format !== undefined && format !== 'json' && format !== 'csv')
          throw AppError.badRequest(REPORT_MESSAGES.format, { format: REPORT_MESSAGES.format });
        const report = await vat.vat(accountId, parse(ZVatReportQuery, query));
        if (format !== 'csv') return report;
        sendCsv(res, `vat-${report.from}-to-${report.to}-${report.basis}.csv`, vatReportCsv(report));
        return SENT;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reports/vat.csv',
      permission: 'read',
      request: { query: ZVatReportQuery },
      response: raw('text/csv'),
      handler: async ({ accountId, query, res }) => {
        const report = await vat.vat(accountId, query);
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="vat-${report.from}-to-${report.to}-${report.basis}.csv"`);
        res.send(vatReportCsv(report));
      },
    }),
  ];
}
