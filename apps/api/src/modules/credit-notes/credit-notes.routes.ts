import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZCreditNoteListQuery, ZCreditNoteRequest } from '@docket/schemas/credit-note';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import type { CreditNotesService } from './credit-notes.service.ts';

/** /credit-notes: list (plain or paged, filter by invoiceId/clientId) and one credit note. Read only. */
export function creditNotesRoutes(service: CreditNotesService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const userId = currentAccount(req).id;
    const q = parse(ZCreditNoteListQuery, req.query);
    const paged = isPaged(q) || q.invoiceId !== undefined;
    sendData(res, paged ? await service.page(userId, { ...q, limit: q.limit ?? 50 }) : await service.list(userId));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentAccount(req).id, id));
  });
  return router;
}

/** POST /invoices/:id/credit-notes, mounted on the invoices router. */
export function invoiceCreditRoutes(service: CreditNotesService, router = Router()) {
  router.post('/:id/credit-notes', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const body = parse(ZCreditNoteRequest, req.body);
    sendData(res, await service.create(currentAccount(req).id, id, body), 201);
  });
  return router;
}
