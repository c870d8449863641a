import { Router, type RequestHandler, type Response } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sessionClaimOf } from '../../cache/session-check.ts';
import type { PreviewsService, RenderedPdf } from './previews.service.ts';

export function sendPdf(res: Response, { fileName, pdf }: RenderedPdf) {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
  res.setHeader('Content-Length', String(pdf.length));
  // A customer's document: never kept by shared caches.
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(pdf);
}

/** Mounted at /api before the quotes and invoices routers: GET /{quotes|invoices}/:id/preview. */
export function previewsRoutes(service: PreviewsService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/quotes/:id/preview', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendPdf(res, await service.quote(currentAccount(req).id, id));
  });
  // An issued invoice's kept PDF checks the session in its one query; anything else (no token,
  // a bad id, not kept, not this user's) goes through requireUser and the full path as before.
  router.get(
    '/invoices/:id/preview',
    async (req, res, next) => {
      const id = ZIdParams.safeParse(req.params);
      const fast = req.tokenUserId && id.success ? await service.keptInvoiceForSession(sessionClaimOf(req), id.data.id) : null;
      if (fast) sendPdf(res, fast);
      else next();
    },
    requireUser,
    async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      sendPdf(res, await service.invoice(currentAccount(req).id, id));
    },
  );
  router.get('/credit-notes/:id/preview', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendPdf(res, await service.creditNote(currentAccount(req).id, id));
  });
  return router;
}
