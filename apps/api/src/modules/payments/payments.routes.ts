import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZPaymentListQuery, ZPaymentParams, ZPaymentRequest } from '@docket/schemas/payment';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import type { PaymentsService } from './payments.service.ts';

type InvoiceReader = (userId: string, id: string) => Promise<unknown>;

/** POST and DELETE /invoices/:id/payments[/:paymentId], mounted on the invoices router; both answer the invoice. */
export function invoicePaymentRoutes(service: PaymentsService, invoice: InvoiceReader, router = Router()) {
  router.post('/:id/payments', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const body = parse(ZPaymentRequest, req.body ?? {});
    const userId = currentAccount(req).id;
    await service.record(userId, id, body);
    sendData(res, await invoice(userId, id), 201);
  });
  router.delete('/:id/payments/:paymentId', async (req, res) => {
    const { id, paymentId } = parse(ZPaymentParams, req.params);
    const userId = currentAccount(req).id;
    await service.remove(userId, id, paymentId);
    sendData(res, await invoice(userId, id));
  });
  return router;
}

/** GET /payments: the ledger, newest first; paged with limit/cursor or any filter. */
export function paymentsRoutes(service: PaymentsService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const userId = currentAccount(req).id;
    const q = parse(ZPaymentListQuery, req.query);
    const paged = isPaged(q) || q.from !== undefined || q.to !== undefined || q.method !== undefined;
    sendData(res, paged ? await service.page(userId, { ...q, limit: q.limit ?? 50 }) : await service.list(userId));
  });
  return router;
}
