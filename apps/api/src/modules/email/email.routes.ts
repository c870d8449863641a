import type { Request } from 'express';
import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import {
  ZDelivery,
  ZDeliveryQuery,
  ZEmailDocumentRequest,
  ZEmailQueued,
  ZEmailTemplates,
  ZEmailTemplatesUpdate,
  ZOutboxMessage,
  ZOutboxSent,
  ZTemplatePreview,
  ZTemplatePreviewRequest,
} from '@docket/schemas/email';
import { defineRoute, raw, type Route } from '../../http/route.ts';
import type { EmailService } from './email.service.ts';
import type { TemplatesService } from './templates.service.ts';

const ZSendOutbox = z.strictObject({ id: z.uuid({ error: 'Invalid id' }).optional() }).default({});

/** Emailing a document, the deliveries and the outbox, and the company's email templates. */
export function emailRoutes(email: EmailService, templates: TemplatesService, publicOrigin: (req: Request) => string): Route[] {
  return [
    ...(
      [
        ['quotes', 'quote'],
        ['invoices', 'invoice'],
        ['credit-notes', 'credit_note'],
      ] as const
    ).map(([path, kind]) =>
      defineRoute({
        method: 'post',
        path: `/${path}/:id/email`,
        permission: 'write',
        request: { params: ZIdParams, body: ZEmailDocumentRequest },
        response: ZEmailQueued,
        status: 202,
        handler: ({ accountId, params, body, req }) => email.emailDocument(accountId, kind, params.id, body, publicOrigin(req)),
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/deliveries',
      permission: 'read',
      request: { query: ZDeliveryQuery },
      response: z.array(ZDelivery),
      handler: ({ accountId, query }) => email.list(accountId, query.documentId),
    }),
    defineRoute({
      method: 'get',
      path: '/email/outbox',
      permission: 'read',
      response: z.array(ZOutboxMessage),
      handler: ({ accountId }) => email.outbox(accountId),
    }),
    defineRoute({
      method: 'get',
      path: '/email/deliveries/:id/eml',
      permission: 'read',
      request: { params: ZIdParams },
      response: raw('message/rfc822'),
      handler: async ({ accountId, params, res }) => {
        const { fileName, eml } = await email.eml(accountId, params.id);
        res.status(200);
        res.setHeader('Content-Type', 'message/rfc822');
        res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
        res.setHeader('Cache-Control', 'private, no-store');
        res.end(eml);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/email/outbox/send',
      permission: 'write',
      request: { body: ZSendOutbox },
      response: ZOutboxSent,
      status: 202,
      handler: ({ accountId, body }) => email.sendOutbox(accountId, body.id),
    }),
    defineRoute({
      method: 'get',
      path: '/company/email-templates',
      permission: 'read',
      response: ZEmailTemplates,
      handler: ({ accountId }) => templates.all(accountId),
    }),
    defineRoute({
      method: 'put',
      path: '/company/email-templates',
      permission: 'write',
      request: { body: ZEmailTemplatesUpdate },
      response: ZEmailTemplates,
      handler: ({ accountId, body }) => templates.save(accountId, body),
    }),
    defineRoute({
      method: 'post',
      path: '/company/email-templates/preview',
      permission: 'read',
      request: { body: ZTemplatePreviewRequest },
      response: ZTemplatePreview,
      handler: ({ accountId, body }) => templates.preview(accountId, body),
    }),
  ];
}
