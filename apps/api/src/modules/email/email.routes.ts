import { Router, type Request, type RequestHandler } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZDeliveryQuery, ZEmailDocumentRequest, ZEmailTemplatesUpdate, ZTemplatePreviewRequest } from '@docket/schemas/email';
import { z } from 'zod';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { EmailService } from './email.service.ts';
import type { TemplatesService } from './templates.service.ts';

const ZSendOutbox = z.strictObject({ id: z.uuid({ error: 'Invalid id' }).optional() }).default({});

/** Mounted at /api before the quotes and invoices routers (they match exact paths only). */
export function emailRoutes(email: EmailService, templates: TemplatesService, requireUser: RequestHandler, publicOrigin: (req: Request) => string) {
  const router = Router();
  for (const [path, kind] of [
    ['quotes', 'quote'],
    ['invoices', 'invoice'],
    ['credit-notes', 'credit_note'],
  ] as const) {
    router.post(`/${path}/:id/email`, requireUser, async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      const input = parse(ZEmailDocumentRequest, req.body ?? {});
      sendData(res, await email.emailDocument(currentAccount(req).id, kind, id, input, publicOrigin(req)), 202);
    });
  }
  router.get('/deliveries', requireUser, async (req, res) => {
    const { documentId } = parse(ZDeliveryQuery, req.query);
    sendData(res, await email.list(currentAccount(req).id, documentId));
  });
  router.get('/email/outbox', requireUser, async (req, res) => {
    sendData(res, await email.outbox(currentAccount(req).id));
  });
  router.get('/email/deliveries/:id/eml', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const { fileName, eml } = await email.eml(currentAccount(req).id, id);
    res.status(200);
    res.setHeader('Content-Type', 'message/rfc822');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(eml);
  });
  router.post('/email/outbox/send', requireUser, async (req, res) => {
    const { id } = parse(ZSendOutbox, req.body ?? {});
    sendData(res, await email.sendOutbox(currentAccount(req).id, id), 202);
  });
  router.get('/company/email-templates', requireUser, async (req, res) => {
    sendData(res, await templates.all(currentAccount(req).id));
  });
  router.put('/company/email-templates', requireUser, async (req, res) => {
    sendData(res, await templates.save(currentAccount(req).id, parse(ZEmailTemplatesUpdate, req.body)));
  });
  router.post('/company/email-templates/preview', requireUser, async (req, res) => {
    sendData(res, await templates.preview(currentAccount(req).id, parse(ZTemplatePreviewRequest, req.body)));
  });
  return router;
}
