import { Router } from 'express';
import { ZVoidRequest } from '@docket/schemas/credit-note';
import { ZIdParams } from '@docket/schemas/common';
import { ZDueDateRequest, ZFromQuoteRequest, ZInvoiceListQuery, ZInvoiceRequest, ZQuoteIdParams } from '@docket/schemas/document';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
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
    sendData(res, await service.fromQuote(currentAccount(req).id, quoteId, dueDate), 201);
  });
  router.post('/:id/duplicate', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.duplicate(currentAccount(req).id, id), 201);
  });
  router.patch('/:id/void', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { reason } = parse(ZVoidRequest, req.body ?? {});
    sendData(res, await service.void(currentAccount(req).id, id, reason));
  });
  router.patch('/:id/due-date', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { dueDate } = parse(ZDueDateRequest, req.body ?? {});
    sendData(res, await service.changeDueDate(currentAccount(req).id, id, dueDate));
  });
  crudRoutes(service, { listQuery: ZInvoiceListQuery, body: ZInvoiceRequest }, router);
  return transitionRoutes(router, INVOICE_TRANSITION_ACTIONS, service.transition);
}

/** POST /quotes/{id}/invoices: a deposit, stage or final invoice of the quote (mounted under /quotes). */
export function quoteInvoicesRoutes(service: InvoicesService) {
  const router = Router();
  router.post('/:id/invoices', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const body = parse(ZQuoteInvoiceRequest, req.body);
    sendData(res, await service.inStages(currentAccount(req).id, id, body), 201);
  });
  return router;
}
