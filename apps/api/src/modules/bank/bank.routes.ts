import express, { Router, type RequestHandler } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZBankAccountRequest, ZBankLinesQuery, ZExplainRequest, ZStatementQuery } from '@docket/schemas/bank';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BankService } from './bank.service.ts';

const STATEMENT_MAX = '5mb';
const STATEMENT_TOO_BIG = 'A statement file must be 5 MB or smaller';
const rawStatement = express.raw({ type: () => true, limit: STATEMENT_MAX });

/** The statement is the file itself, so this route sits before the JSON parser, behind the session check. */
export function statementRoutes(service: BankService, requireUser: RequestHandler) {
  const router = Router();
  router.post(
    '/bank-accounts/:id/statements',
    requireUser,
    async (req, _res, next) => {
      const { id } = parse(ZIdParams, req.params);
      parse(ZStatementQuery, req.query);
      await service.get(currentAccount(req).id, id);
      rawStatement(req, _res, (err?: unknown) => {
        if ((err as { type?: string } | undefined)?.type === 'entity.too.large') next(AppError.tooLarge(STATEMENT_TOO_BIG));
        else next(err);
      });
    },
    async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      const q = parse(ZStatementQuery, req.query);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      sendData(res, await service.importStatement(currentAccount(req).id, id, q, body));
    },
  );
  return router;
}

/** /api/bank-accounts (docs/product.md, "Bank accounts and statements"). */
export function bankRoutes(service: BankService) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.list(currentAccount(req).id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentAccount(req).id, parse(ZBankAccountRequest, req.body)), 201);
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentAccount(req).id, id));
  });
  router.get('/:id/lines', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { status } = parse(ZBankLinesQuery, req.query);
    sendData(res, await service.lines(currentAccount(req).id, id, status));
  });
  return router;
}

/** /api/bank-lines/{id}/explain: POST explains a statement line, DELETE undoes it. */
export function bankLineRoutes(service: BankService) {
  const router = Router();
  router.post('/:id/explain', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.explain(currentAccount(req).id, id, parse(ZExplainRequest, req.body)));
  });
  router.delete('/:id/explain', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.unexplain(currentAccount(req).id, id));
  });
  return router;
}
