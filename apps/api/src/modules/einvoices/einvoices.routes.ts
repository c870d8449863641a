import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import type { EinvoicesService } from './einvoices.service.ts';

function sendXml(res: Response, { fileName, xml }: { fileName: string; xml: string }) {
  res.status(200);
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(xml);
}

function sendFacturX(res: Response, { fileName, pdf }: { fileName: string; pdf: Buffer }) {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(pdf);
}

const ZPreviewFormat = z.object({ format: z.enum(['pdf', 'facturx'], { error: 'format must be pdf or facturx' }).optional() });

/**
 * Mounted at /api before the previews and invoices routers: GET /invoices/:id/ubl and GET
 * /credit-notes/:id/ubl (Peppol BIS Billing 3.0), GET /{invoices|credit-notes}/:id/preview?format=facturx.
 */
export function einvoicesRoutes(service: EinvoicesService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/invoices/:id/ubl', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendXml(res, await service.invoiceUbl(currentAccount(req).id, id));
  });
  // ?format=facturx: the Factur-X PDF/A-3; otherwise the plain preview (the previews router, next).
  // A request without ?format leaves this route before requireUser: the plain preview checks the
  // session itself, in the same query as the kept PDF, and a second lookup here would double its cost.
  router.get(
    '/invoices/:id/preview',
    (req, _res, next) => next(req.query.format === undefined ? 'route' : undefined),
    requireUser,
    async (req, res, next) => {
      const { format } = parse(ZPreviewFormat, req.query);
      if (format !== 'facturx') return next();
      const { id } = parse(ZIdParams, req.params);
      sendFacturX(res, await service.facturX(currentAccount(req).id, id));
    },
  );
  router.get('/credit-notes/:id/ubl', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendXml(res, await service.creditNoteUbl(currentAccount(req).id, id));
  });
  // ?format=facturx: the credit note's PDF/A-3 with its CII (type code 381); otherwise its plain preview.
  router.get(
    '/credit-notes/:id/preview',
    (req, _res, next) => next(req.query.format === undefined ? 'route' : undefined),
    requireUser,
    async (req, res, next) => {
      const { format } = parse(ZPreviewFormat, req.query);
      if (format !== 'facturx') return next();
      const { id } = parse(ZIdParams, req.params);
      sendFacturX(res, await service.creditNoteFacturX(currentAccount(req).id, id));
    },
  );
  return router;
}
