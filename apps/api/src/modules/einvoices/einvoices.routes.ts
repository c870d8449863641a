import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import type { EinvoicesService } from './einvoices.service.ts';

function sendXml(res: Response, { fileName, xml }: { fileName: string; xml: string }) {
  res.status(200);
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(xml);
}

const ZPreviewFormat = z.object({ format: z.enum(['pdf', 'facturx'], { error: 'format must be pdf or facturx' }).optional() });

/** Mounted at /api before the previews and invoices routers: GET /invoices/:id/ubl and GET /credit-notes/:id/ubl (Peppol BIS Billing 3.0). */
export function einvoicesRoutes(service: EinvoicesService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/invoices/:id/ubl', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendXml(res, await service.invoiceUbl(currentUser(req).id, id));
  });
  // ?format=facturx: the Factur-X PDF/A-3; otherwise the plain preview (the previews router, next).
  // A request without ?format leaves this route before requireUser: the plain preview checks the
  // session itself, in the same query as the kept PDF, and a second lookup here would double its cost.
  router.get('/invoices/:id/preview', (req, _res, next) => next(req.query.format === undefined ? 'route' : undefined), requireUser, async (req, res, next) => {
    const { format } = parse(ZPreviewFormat, req.query);
    if (format !== 'facturx') return next();
    const { id } = parse(ZIdParams, req.params);
    const { fileName, pdf } = await service.facturX(currentUser(req).id, id);
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(pdf);
  });
  router.get('/credit-notes/:id/ubl', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendXml(res, await service.creditNoteUbl(currentUser(req).id, id));
  });
  return router;
}
