import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { ZHistoryEntry } from '@docket/schemas/history';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import type { HistoryDocumentKind, HistoryRepository } from './history.repository.ts';

const AREAS: { path: string; kind: HistoryDocumentKind; what: string }[] = [
  { path: 'quotes', kind: 'quote', what: 'Quote' },
  { path: 'invoices', kind: 'invoice', what: 'Invoice' },
  { path: 'credit-notes', kind: 'credit_note', what: 'Credit note' },
];

/** GET /{quotes|invoices|credit-notes}/:id/history: read only; no route edits or removes history. */
export function historyRoutes(repo: HistoryRepository, ownership: OwnershipRepository): Route[] {
  return AREAS.map(({ path, kind, what }) =>
    defineRoute({
      method: 'get',
      path: `/${path}/:id/history`,
      permission: 'read',
      request: { params: ZIdParams },
      response: z.array(ZHistoryEntry),
      handler: async ({ accountId, params: { id } }) => {
        const owned = kind === 'quote' ? ownership.quote : kind === 'invoice' ? ownership.invoice : ownership.creditNote;
        if (!(await owned(accountId, id))) throw AppError.notFound(what);
        return repo.list(accountId, kind, id);
      },
    }),
  );
}
