import { Router } from 'express';
import { ZVoidRequest } from '@docket/schemas/credit-note';
import { ZIdParams } from '@docket/schemas/common';
import { ZFromQuoteRequest, ZInvoiceListQuery, ZInvoiceRequest, ZQuoteIdParams } from '@docket/schemas/document';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { crudRoutes } from '../../middleware/crud-routes.ts';
import { transitionRoutes } from '../documents/transition-routes.ts';
import { INVOICE_TRANSITION_ACTIONS } from '@docket/schemas/lifecycle';
import type { InvoicesService } from './invoices.service.ts';
import { ZQuoteInvoiceRequest } from '@docket/schemas/stage-invoice';

/** Only exact paths: '/:id' never catches '/:id/preview', which the PDF module serves. */
export function invoicesRoutes(service: InvoicesService) {
  const router = Router();
  router.post('/from-quote/:quoteId', async (req, res) => {
    const { quoteId } = parse(ZQuoteIdParams, req.params);
    const { dueDate } = parse(ZFromQuoteRequest, req.body);
    sendData(res, await service.fromQuote(currentUser(req).id, quoteId, dueDate), 201);
  });
  router.post('/:id/duplicate', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.duplicate(currentUser(req).id, id), 201);
  });
  router.patch('/:id/void', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { reason } = parse(ZVoidRequest, req.body ?? {});
    sendData(res, await service.void(currentUser(req).id, id, reason));
  });
  // GET /:id answers the database's JSON text; writes answer what the service mapped.
  crudRoutes({ ...service, get: service.getAnswer }, { listQuery: ZInvoiceListQuery, body: ZInvoiceRequest }, router);
  return transitionRoutes(router, INVOICE_TRANSITION_ACTIONS, service.transition);
}

/** POST /quotes/{id}/invoices: a deposit, stage or final invoice of the quote (mounted under /quotes). */
export function quoteInvoicesRoutes(service: InvoicesService) {
  const router = Router();
  router.post('/:id/invoices', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const body = parse(ZQuoteInvoiceRequest, req.body);
    sendData(res, await service.inStages(currentUser(req).id, id, body), 201);
  });
  return router;
}
