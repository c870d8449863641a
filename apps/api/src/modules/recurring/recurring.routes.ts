import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZRecurringRequest } from '@docket/schemas/recurring';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { RecurringService } from './recurring.service.ts';

/** /api/recurring-invoices (docs/product.md, "Recurring invoices"). */
export function recurringRoutes(service: RecurringService) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.list(currentAccount(req).id));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentAccount(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentAccount(req).id, parse(ZRecurringRequest, req.body)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentAccount(req).id, id, parse(ZRecurringRequest, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentAccount(req).id, id);
    sendData(res, { id });
  });
  router.patch('/:id/pause', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.pause(currentAccount(req).id, id));
  });
  router.patch('/:id/resume', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.resume(currentAccount(req).id, id));
  });
  return router;
}
