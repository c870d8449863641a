import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZStatementQuery } from '@docket/schemas/client-account';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { AccountsService } from './accounts.service.ts';

/** GET /clients/:id/account and /clients/:id/statement?from&to (PDF), mounted before the clients CRUD. */
export function accountsRoutes(service: AccountsService) {
  const router = Router();
  router.get('/:id/account', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.account(currentAccount(req).id, id));
  });
  router.get('/:id/statement', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { from, to } = parse(ZStatementQuery, req.query);
    const { fileName, pdf } = await service.statement(currentAccount(req).id, id, from, to);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
    res.setHeader('Content-Length', String(pdf.length));
    res.end(pdf);
  });
  return router;
}
