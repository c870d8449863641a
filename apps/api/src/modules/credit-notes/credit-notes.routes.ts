import { ZIdParams, ZListAnswer } from '@docket/schemas/common';
import { ZCreditNote, ZCreditNoteListQuery, ZCreditNoteRequest } from '@docket/schemas/credit-note';
import { isPaged } from '../../lib/paged-request.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import type { CreditNotesService } from './credit-notes.service.ts';

/**
 * /credit-notes: list (plain or paged, filter by invoiceId/clientId) and one credit note, read only;
 * POST /invoices/:id/credit-notes makes one.
 */
export function creditNotesRoutes(service: CreditNotesService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/credit-notes',
      permission: 'read',
      request: { query: ZCreditNoteListQuery },
      response: ZListAnswer(ZCreditNote),
      handler: async ({ accountId, query: q }) => {
        const paged = isPaged(q) || q.invoiceId !== undefined;
        return paged ? await service.page(accountId, { ...q, limit: q.limit ?? 50 }) : await service.list(accountId);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/credit-notes/:id',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZCreditNote,
      handler: ({ accountId, params }) => service.get(accountId, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/invoices/:id/credit-notes',
      permission: 'write',
      request: { params: ZIdParams, body: ZCreditNoteRequest },
      response: ZCreditNote,
      status: 201,
      handler: ({ accountId, params, body }) => service.create(accountId, params.id, body),
    }),
  ];
}
