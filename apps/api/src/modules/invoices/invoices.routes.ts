import { Router } from 'express';
import { ZFromQuoteRequest, ZInvoiceListQuery, ZInvoiceRequest, ZQuoteIdParams } from '@docket/schemas/document';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { crudRoutes } from '../../middleware/crud-routes.ts';
import { transitionRoutes } from '../documents/transition-routes.ts';
import { INVOICE_TRANSITION_ACTIONS } from '@docket/schemas/lifecycle';
import type { InvoicesService } from './invoices.service.ts';

/** Only exact paths: '/:id' never catches '/:id/preview', which the PDF module serves. */
export function invoicesRoutes(service: InvoicesService) {
  const router = Router();
  router.post('/from-quote/:quoteId', async (req, res) => {
    const { quoteId } = parse(ZQuoteIdParams, req.params);
    const { dueDate } = parse(ZFromQuoteRequest, req.body);
    sendData(res, await service.fromQuote(currentUser(req).id, quoteId, dueDate), 201);
  });
  crudRoutes(service, { listQuery: ZInvoiceListQuery, body: ZInvoiceRequest }, router);
  return transitionRoutes(router, INVOICE_TRANSITION_ACTIONS, service.transition);
}
