import { Router, type RequestHandler } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import type { HistoryDocumentKind, HistoryRepository } from './history.repository.ts';

const AREAS: { path: string; kind: HistoryDocumentKind; what: string }[] = [
  { path: 'quotes', kind: 'quote', what: 'Quote' },
  { path: 'invoices', kind: 'invoice', what: 'Invoice' },
  { path: 'credit-notes', kind: 'credit_note', what: 'Credit note' },
];

/** GET /{quotes|invoices|credit-notes}/:id/history: read only; no route edits or removes history. */
export function historyRoutes(repo: HistoryRepository, ownership: OwnershipRepository, requireUser: RequestHandler) {
  const router = Router();
  for (const { path, kind, what } of AREAS) {
    router.get(`/${path}/:id/history`, requireUser, async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      const userId = currentAccount(req).id;
      const owned = kind === 'quote' ? ownership.quote : kind === 'invoice' ? ownership.invoice : ownership.creditNote;
      if (!(await owned(userId, id))) throw AppError.notFound(what);
      sendData(res, await repo.list(userId, kind, id));
    });
  }
  return router;
}
