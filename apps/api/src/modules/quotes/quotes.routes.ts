import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZQuoteListQuery, ZQuoteRequest } from '@docket/schemas/document';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import type { QuoteAction, QuotesService } from './quotes.service.ts';

const ACTIONS: QuoteAction[] = ['send', 'approve', 'decline', 'revert'];

/** Only exact paths: '/:id' never catches '/:id/preview', which the PDF module serves. */
export function quotesRoutes(service: QuotesService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = currentUser(req);
    const q = parse(ZQuoteListQuery, req.query);
    sendData(res, isPaged(q) ? await service.page(user.id, q) : await service.list(user.id));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentUser(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentUser(req).id, parse(ZQuoteRequest, req.body)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentUser(req).id, id, parse(ZQuoteRequest, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentUser(req).id, id);
    sendData(res, { id });
  });
  for (const action of ACTIONS) {
    router.patch(`/:id/${action}`, async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      sendData(res, await service.transition(currentUser(req).id, id, action));
    });
  }
  return router;
}
