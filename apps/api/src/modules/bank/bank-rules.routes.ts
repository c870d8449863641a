import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZBankRuleRequest } from '@docket/schemas/bank';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { BankRulesService } from './bank-rules.service.ts';

/** /api/bank-rules (docs/product.md, "Rules"): list, save, delete; a rule is never edited, only replaced. */
export function bankRuleRoutes(service: BankRulesService) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.list(currentAccount(req).id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentAccount(req).id, parse(ZBankRuleRequest, req.body)), 201);
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentAccount(req).id, id);
    sendData(res, { id });
  });
  return router;
}
