import type { Request, RequestHandler } from 'express';
import { ZIdParams, ZRevokedAnswer } from '@docket/schemas/common';
import { ZAcceptance, ZAcceptRequest, ZDeclineRequest, ZPublicDocument, ZShareLink, ZShareTokenParams } from '@docket/schemas/share';
import { defineRoute, raw, type Route } from '../../http/route.ts';
import { sendPdf } from '../previews/previews.routes.ts';
import type { SharingService } from './sharing.service.ts';

const AREAS = [
  { path: 'quotes', kind: 'quote' },
  { path: 'invoices', kind: 'invoice' },
  { path: 'credit-notes', kind: 'credit_note' },
] as const;

const meta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null });

/**
 * POST|DELETE /{quotes|invoices|credit-notes}/:id/share and GET /quotes/:id/acceptance; and
 * /public (stage `public`): the customer's side of a link, no bearer token (one sent grants nothing
 * there). The token is checked before anything else, so a wrong one is the same 404 whatever else is
 * sent; an answer's body (the stage's JSON parser, run after `before`) is read only once the token
 * and the quote's status allow an answer, so neither a junk body nor a large signature costs
 * anything on a dead link.
 */
export function sharingRoutes(service: SharingService, publicOrigin: (req: Request) => string): Route[] {
  const answerable: RequestHandler = async (req, _res, next) => {
    await service.checkAnswerable(String(req.params.token ?? ''));
    next();
  };
  return [
    ...AREAS.flatMap(({ path, kind }) => [
      defineRoute({
        method: 'post',
        path: `/${path}/:id/share`,
        permission: 'write',
        request: { params: ZIdParams },
        response: ZShareLink,
        status: 201,
        handler: ({ accountId, params, req }) => service.share(accountId, kind, params.id, publicOrigin(req)),
      }),
      defineRoute({
        method: 'delete',
        path: `/${path}/:id/share`,
        permission: 'write',
        request: { params: ZIdParams },
        response: ZRevokedAnswer,
        handler: ({ accountId, params }) => service.revoke(accountId, kind, params.id),
      }),
    ]),
    defineRoute({
      method: 'get',
      path: '/quotes/:id/acceptance',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZAcceptance.nullable(),
      handler: ({ accountId, params }) => service.acceptance(accountId, params.id),
    }),
    defineRoute({
      method: 'get',
      path: '/public/documents/:token',
      auth: 'public',
      stage: 'public',
      request: { params: ZShareTokenParams },
      response: ZPublicDocument,
      handler: ({ params }) => service.document(params.token),
    }),
    defineRoute({
      method: 'get',
      path: '/public/documents/:token/pdf',
      auth: 'public',
      stage: 'public',
      request: { params: ZShareTokenParams },
      response: raw('application/pdf'),
      handler: async ({ params, res }) => sendPdf(res, await service.pdf(params.token)),
    }),
    defineRoute({
      method: 'post',
      path: '/public/quotes/:token/accept',
      auth: 'public',
      stage: 'public',
      before: [answerable],
      request: { params: ZShareTokenParams, body: ZAcceptRequest },
      response: ZPublicDocument,
      handler: ({ params, body, req }) => service.accept(params.token, body, meta(req)),
    }),
    defineRoute({
      method: 'post',
      path: '/public/quotes/:token/decline',
      auth: 'public',
      stage: 'public',
      before: [answerable],
      request: { params: ZShareTokenParams, body: ZDeclineRequest },
      response: ZPublicDocument,
      handler: ({ params, body, req }) => service.decline(params.token, body.reason, meta(req)),
    }),
  ];
}
