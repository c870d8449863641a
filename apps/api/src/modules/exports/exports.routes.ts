import type { Response } from 'express';
import { z } from 'zod';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { EXPORT_FILES, ZExportQuery, ZExportRun, type TExportFile } from '@docket/schemas/data-transfer';
import { parse } from '../../middleware/validate.ts';
import { defineRoute, raw, type Route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ExportsService } from './exports.service.ts';

const isExportFile = (name: string): name is TExportFile => (EXPORT_FILES as readonly string[]).includes(name);

/** Streams `body` as a download; a failure after the first byte can only cut the connection. */
async function download(res: Response, body: Readable, type: string, fileName: string) {
  res.status(200);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  // A customer's books: never kept by shared caches.
  res.setHeader('Cache-Control', 'private, no-store');
  try {
    await pipeline(body, res);
  } catch (err) {
    if (!res.headersSent) throw err;
    res.destroy(err as Error);
  }
}

/** /exports: GET / (the latest exports and who made them), GET /{invoices|invoice-lines|credit-notes|payments|quotes|clients|items}.csv?from=&to= and GET /account.zip. */
export function exportsRoutes(service: ExportsService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/exports',
      permission: 'read',
      response: z.array(ZExportRun),
      handler: ({ accountId }) => service.runs(accountId),
    }),
    defineRoute({
      method: 'get',
      path: '/exports/account.zip',
      permission: 'read',
      response: raw('application/zip'),
      handler: async ({ accountId, res }) => {
        const body = await service.accountZip(accountId);
        await service.record(accountId, 'account', {});
        await download(res, body, 'application/zip', 'docket-account.zip');
      },
    }),
    defineRoute({
      method: 'get',
      path: '/exports/:file',
      permission: 'read',
      response: raw('text/csv'),
      handler: async ({ accountId, req, res }) => {
        const name = /^(.+)\.csv$/.exec(String(req.params.file))?.[1] ?? '';
        if (!isExportFile(name)) throw AppError.notFound('Export');
        const q = parse(ZExportQuery, req.query);
        const span = q.from || q.to ? `-${q.from ?? 'start'}-to-${q.to ?? 'today'}` : '';
        await service.record(accountId, name, q);
        await download(res, service.csv(accountId, name, q), 'text/csv; charset=utf-8', `docket-${name}${span}.csv`);
      },
    }),
  ];
}
