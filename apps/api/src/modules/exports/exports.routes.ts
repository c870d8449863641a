import { Router, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { EXPORT_FILES, ZExportQuery, type TExportFile } from '@docket/schemas/data-transfer';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
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
export function exportsRoutes(service: ExportsService) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.runs(currentAccount(req).id));
  });
  router.get('/account.zip', async (req, res) => {
    const accountId = currentAccount(req).id;
    const body = await service.accountZip(accountId);
    await service.record(accountId, 'account', {});
    await download(res, body, 'application/zip', 'docket-account.zip');
  });
  router.get('/:file', async (req, res) => {
    const name = /^(.+)\.csv$/.exec(String(req.params.file))?.[1] ?? '';
    if (!isExportFile(name)) throw AppError.notFound('Export');
    const q = parse(ZExportQuery, req.query);
    const span = q.from || q.to ? `-${q.from ?? 'start'}-to-${q.to ?? 'today'}` : '';
    await service.record(currentAccount(req).id, name, q);
    await download(res, service.csv(currentAccount(req).id, name, q), 'text/csv; charset=utf-8', `docket-${name}${span}.csv`);
  });
  return router;
}
