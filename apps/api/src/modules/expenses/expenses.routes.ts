import express, { type RequestHandler } from 'express';
import { ZIdParams, ZListAnswer } from '@docket/schemas/common';
import { EXPENSE_MESSAGES, RECEIPT_MAX_BYTES, ZExpense, ZExpenseListQuery, ZExpenseRequest } from '@docket/schemas/expense';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { defineRoute, raw, type Route } from '../../http/route.ts';
import { recordRoutes } from '../../http/crud-routes.ts';
import { isPaged } from '../../lib/paged-request.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ExpensesService } from './expenses.service.ts';

const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'application/octet-stream'];
const rawReceipt = express.raw({ type: () => true, limit: RECEIPT_MAX_BYTES });

/**
 * /api/expenses (docs/product.md, "Expenses") and their receipts. Expenses are money: engineers see
 * none; accountants read them and their receipts (`read`); owner and office change them (`write`).
 */
export function expensesRoutes(service: ExpensesService): Route[] {
  /**
   * The receipt body is the file itself (a photo or a PDF, up to 10 MB), so its route is in stage
   * `upload` (before the JSON parser) and checks the session before reading it: nobody anonymous
   * makes the server buffer 10 MB. Another account's id is 404 before the body is read or its type judged.
   */
  const receiptBody: RequestHandler = async (req, res, next) => {
    const { id } = parse(ZIdParams, req.params);
    await service.get(currentAccount(req).id, id);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!RECEIPT_TYPES.includes(type)) return next(AppError.badRequest(EXPENSE_MESSAGES.receiptType, { receipt: EXPENSE_MESSAGES.receiptType }));
    rawReceipt(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') next(AppError.tooLarge(EXPENSE_MESSAGES.receiptSize));
      else next(err);
    });
  };
  return [
    defineRoute({
      method: 'put',
      path: '/expenses/:id/receipt',
      permission: 'write',
      stage: 'upload',
      after: [receiptBody],
      request: { params: ZIdParams },
      response: ZExpense,
      handler: ({ accountId, params, req }) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return service.putReceipt(accountId, params.id, body);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/expenses',
      permission: 'read',
      request: { query: ZExpenseListQuery },
      response: ZListAnswer(ZExpense),
      handler: async ({ accountId, query: q }) => (isPaged(q) ? await service.page(accountId, q) : await service.filtered(accountId, q)),
    }),
    ...recordRoutes('/expenses', service, { body: ZExpenseRequest, record: ZExpense }, { get: 'read', create: 'write', update: 'write', remove: 'write' }),
    defineRoute({
      method: 'get',
      path: '/expenses/:id/receipt',
      permission: 'read',
      request: { params: ZIdParams },
      response: raw('the receipt (image/jpeg, image/png or application/pdf)'),
      handler: async ({ accountId, params: { id }, res }) => {
        const r = await service.receipt(accountId, id);
        res.setHeader('Content-Type', r.mimeType);
        res.setHeader(
          'Content-Disposition',
          `inline; filename="receipt-${id}.${r.mimeType === 'application/pdf' ? 'pdf' : r.mimeType === 'image/png' ? 'png' : 'jpg'}"`,
        );
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-store');
        res.send(r.data);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/expenses/:id/receipt',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZExpense,
      handler: ({ accountId, params }) => service.removeReceipt(accountId, params.id),
    }),
  ];
}
