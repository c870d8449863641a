import type { Response } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { defineRoute, raw, type Route } from '../../http/route.ts';
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

/**
 * The Factur-X PDF/A-3 writers the previews' GET /{invoices|credit-notes}/:id/preview?format=facturx
 * uses (a credit note's carries its CII with type code 381).
 */
export function facturXWriters(service: EinvoicesService) {
  return {
    invoice: async (accountId: string, id: string, res: Response) => sendFacturX(res, await service.facturX(accountId, id)),
    creditNote: async (accountId: string, id: string, res: Response) => sendFacturX(res, await service.creditNoteFacturX(accountId, id)),
  };
}

/** GET /invoices/:id/ubl and GET /credit-notes/:id/ubl (Peppol BIS Billing 3.0). */
export function einvoicesRoutes(service: EinvoicesService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/invoices/:id/ubl',
      permission: 'read',
      request: { params: ZIdParams },
      response: raw('application/xml'),
      handler: async ({ accountId, params, res }) => sendXml(res, await service.invoiceUbl(accountId, params.id)),
    }),
    defineRoute({
      method: 'get',
      path: '/credit-notes/:id/ubl',
      permission: 'read',
      request: { params: ZIdParams },
      response: raw('application/xml'),
      handler: async ({ accountId, params, res }) => sendXml(res, await service.creditNoteUbl(accountId, params.id)),
    }),
  ];
}
