import express, { Router, type RequestHandler } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { EXPENSE_MESSAGES, RECEIPT_MAX_BYTES, ZExpenseListQuery, ZExpenseRequest } from '@docket/schemas/expense';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ExpensesService } from './expenses.service.ts';

const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'application/octet-stream'];
const rawReceipt = express.raw({ type: () => true, limit: RECEIPT_MAX_BYTES });

/**
 * The receipt body is the file itself (a photo or a PDF, up to 10 MB), so this router sits before
 * the JSON parser and behind the session check: nobody anonymous makes the server buffer 10 MB.
 */
export function receiptRoutes(service: ExpensesService, requireUser: RequestHandler) {
  const router = Router();
  router.put(
    '/expenses/:id/receipt',
    requireUser,
    async (req, _res, next) => {
      // Another account's id is 404 before the body is read or its type judged.
      const { id } = parse(ZIdParams, req.params);
      await service.get(currentAccount(req).id, id);
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!RECEIPT_TYPES.includes(type)) return next(AppError.badRequest(EXPENSE_MESSAGES.receiptType, { receipt: EXPENSE_MESSAGES.receiptType }));
      rawReceipt(req, _res, (err?: unknown) => {
        if ((err as { type?: string } | undefined)?.type === 'entity.too.large') next(AppError.tooLarge(EXPENSE_MESSAGES.receiptSize));
        else next(err);
      });
    },
    async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      sendData(res, await service.putReceipt(currentAccount(req).id, id, body));
    },
  );
  return router;
}

/** /api/expenses (docs/product.md, "Expenses"). */
export function expensesRoutes(service: ExpensesService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const userId = currentAccount(req).id;
    const q = parse(ZExpenseListQuery, req.query);
    sendData(res, isPaged(q) ? await service.page(userId, q) : await service.filtered(userId, q));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentAccount(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentAccount(req).id, parse(ZExpenseRequest, req.body)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentAccount(req).id, id, parse(ZExpenseRequest, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentAccount(req).id, id);
    sendData(res, { id });
  });
  router.get('/:id/receipt', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const r = await service.receipt(currentAccount(req).id, id);
    res.setHeader('Content-Type', r.mimeType);
    res.setHeader(
      'Content-Disposition',
      `inline; filename="receipt-${id}.${r.mimeType === 'application/pdf' ? 'pdf' : r.mimeType === 'image/png' ? 'png' : 'jpg'}"`,
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(r.data);
  });
  router.delete('/:id/receipt', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.removeReceipt(currentAccount(req).id, id));
  });
  return router;
}
