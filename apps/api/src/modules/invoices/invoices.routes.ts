import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZFromQuoteRequest, ZInvoiceListQuery, ZInvoiceRequest, ZQuoteIdParams } from '@docket/schemas/document';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import type { InvoiceAction, InvoicesService } from './invoices.service.ts';

const ACTIONS: InvoiceAction[] = ['send', 'pay', 'revert'];

/** Only exact paths: '/:id' never catches '/:id/preview', which the PDF module serves. */
export function invoicesRoutes(service: InvoicesService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = currentUser(req);
    const q = parse(ZInvoiceListQuery, req.query);
    sendData(res, isPaged(q) ? await service.page(user.id, q) : await service.list(user.id));
  });
  router.post('/from-quote/:quoteId', async (req, res) => {
    const { quoteId } = parse(ZQuoteIdParams, req.params);
    const { dueDate } = parse(ZFromQuoteRequest, req.body);
    sendData(res, await service.fromQuote(currentUser(req).id, quoteId, dueDate), 201);
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentUser(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentUser(req).id, parse(ZInvoiceRequest, req.body)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentUser(req).id, id, parse(ZInvoiceRequest, req.body)));
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
