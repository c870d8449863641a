import type { Response } from 'express';
import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { sessionClaimOf } from '../../cache/session-check.ts';
import { defineRoute, raw, type Route } from '../../http/route.ts';
import type { PreviewsService, RenderedPdf } from './previews.service.ts';
import type { DraftInputs } from './previews.repository.ts';

export function sendPdf(res: Response, { fileName, pdf }: RenderedPdf) {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
  res.setHeader('Content-Length', String(pdf.length));
  // A customer's document: never kept by shared caches.
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(pdf);
}

/** res.locals: the one-query path asked for this invoice's kept PDF and found none it could serve. */
const KEPT_PDF_MISSED = 'keptPdfMissed';
/** res.locals: what that query read of a draft of the account (used once the permission check has passed). */
const DRAFT = 'draft';

const ZPreviewFormat = z.object({ format: z.enum(['pdf', 'facturx'], { error: 'format must be pdf or facturx' }).optional() });

/** Writes a document's Factur-X PDF/A-3 (the e-invoices module's, passed in by composition.ts). */
type FacturXWriter = (accountId: string, id: string, res: Response) => Promise<void>;

/**
 * GET /{quotes|invoices|credit-notes}/:id/preview: the PDF; for invoices and credit notes
 * ?format=facturx answers the Factur-X PDF/A-3 instead (docs/data-transfer.md).
 */
export function previewsRoutes(service: PreviewsService, facturX: { invoice: FacturXWriter; creditNote: FacturXWriter }): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/quotes/:id/preview',
      permission: 'read',
      request: { params: ZIdParams },
      response: raw('application/pdf'),
      handler: async ({ accountId, params, res }) => sendPdf(res, await service.quote(accountId, params.id)),
    }),
    defineRoute({
      method: 'get',
      path: '/invoices/:id/preview',
      permission: 'read',
      // Without ?format, an issued invoice's kept PDF checks the session in its one query; anything
      // else (no token, a bad id, not kept, not this user's) goes on to the session check (taking
      // what that query found, when it found a live session) and the full path.
      before: [
        async (req, res, next) => {
          const id = ZIdParams.safeParse(req.params);
          const tried = req.query.format === undefined && req.tokenUserId && id.success;
          const fast = tried ? await service.keptInvoiceForSession(sessionClaimOf(req), id.data.id) : null;
          if (fast?.pdf) return sendPdf(res, fast.pdf);
          // checked by the same rule in the same query: authenticate takes it instead of asking again
          if (fast) req.sessionLookup = fast.session;
          // the handler's full path need not ask the same kept-PDF question again
          res.locals[KEPT_PDF_MISSED] = Boolean(tried);
          res.locals[DRAFT] = fast?.draft ?? null;
          next();
        },
      ],
      request: { query: ZPreviewFormat, params: ZIdParams },
      response: raw('application/pdf'),
      handler: async ({ accountId, params, query, res }) => {
        if (query.format === 'facturx') await facturX.invoice(accountId, params.id, res);
        else {
          const draft = (res.locals[DRAFT] as DraftInputs | null | undefined) ?? null;
          sendPdf(res, await service.invoice(accountId, params.id, { keptMissed: res.locals[KEPT_PDF_MISSED] === true, draft }));
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/credit-notes/:id/preview',
      permission: 'read',
      request: { query: ZPreviewFormat, params: ZIdParams },
      response: raw('application/pdf'),
      handler: async ({ accountId, params, query, res }) => {
        if (query.format === 'facturx') await facturX.creditNote(accountId, params.id, res);
        else sendPdf(res, await service.creditNote(accountId, params.id));
      },
    }),
  ];
}
