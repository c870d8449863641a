import { Router, type RequestHandler, type Response } from 'express';
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

/** Mounted at /api before the invoices router: GET /invoices/:id/ubl and GET /credit-notes/:id/ubl (Peppol BIS Billing 3.0). */
export function einvoicesRoutes(service: EinvoicesService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/invoices/:id/ubl', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendXml(res, await service.invoiceUbl(currentUser(req).id, id));
  });
  router.get('/credit-notes/:id/ubl', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendXml(res, await service.creditNoteUbl(currentUser(req).id, id));
  });
  return router;
}
