import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { ZQuoteListQuery, ZQuoteRequest } from '@docket/schemas/document';
import { crudRoutes } from '../../middleware/crud-routes.ts';
import { transitionRoutes } from '../documents/transition-routes.ts';
import { QUOTE_TRANSITION_ACTIONS } from '@docket/schemas/lifecycle';
import type { QuotesService } from './quotes.service.ts';

/** Only exact paths: '/:id' never catches '/:id/preview', which the PDF module serves. */
export function quotesRoutes(service: QuotesService) {
  const router = Router();
  router.post('/:id/duplicate', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.duplicate(currentAccount(req).id, id), 201);
  });
  crudRoutes(service, { listQuery: ZQuoteListQuery, body: ZQuoteRequest }, router);
  return transitionRoutes(router, QUOTE_TRANSITION_ACTIONS, service.transition);
}
