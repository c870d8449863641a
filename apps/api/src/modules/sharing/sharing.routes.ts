import { Router, type Request, type RequestHandler } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZAcceptRequest, ZDeclineRequest, ZShareTokenParams } from '@docket/schemas/share';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { sendPdf } from '../previews/previews.routes.ts';
import type { SharingService } from './sharing.service.ts';

const AREAS = [
  { path: 'quotes', kind: 'quote' },
  { path: 'invoices', kind: 'invoice' },
  { path: 'credit-notes', kind: 'credit_note' },
] as const;

/**
 * POST|DELETE /{quotes|invoices|credit-notes}/:id/share and GET /quotes/:id/acceptance, mounted at /api before
 * the quotes and invoices routers (which only match exact paths).
 */
export function sharingRoutes(service: SharingService, requireUser: RequestHandler, publicOrigin: (req: Request) => string) {
  const router = Router();
  for (const { path, kind } of AREAS) {
    router.post(`/${path}/:id/share`, requireUser, async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      sendData(res, await service.share(currentAccount(req).id, kind, id, publicOrigin(req)), 201);
    });
    router.delete(`/${path}/:id/share`, requireUser, async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      sendData(res, await service.revoke(currentAccount(req).id, kind, id));
    });
  }
  router.get('/quotes/:id/acceptance', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.acceptance(currentAccount(req).id, id));
  });
  return router;
}

const meta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null });

/**
 * /api/public: the customer's side of a link, no bearer token (one sent grants nothing here).
 * The token is checked before anything else, so a wrong one is the same 404 whatever else is sent;
 * an answer's body (`body`: the JSON parser) is read only once the token and the quote's status
 * allow an answer, so neither a junk body nor a large signature costs anything on a dead link.
 */
export function publicRoutes(service: SharingService, body: RequestHandler[]) {
  const router = Router();
  router.get('/documents/:token', ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    sendData(res, await service.document(token));
  });
  router.get('/documents/:token/pdf', ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    sendPdf(res, await service.pdf(token));
  });
  const answerable: RequestHandler = async (req, _res, next) => {
    await service.checkAnswerable(String(req.params.token ?? ''));
    next();
  };
  router.post('/quotes/:token/accept', answerable, ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    const input = parse(ZAcceptRequest, req.body);
    sendData(res, await service.accept(token, input, meta(req)));
  });
  router.post('/quotes/:token/decline', answerable, ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    const { reason } = parse(ZDeclineRequest, req.body ?? {});
    sendData(res, await service.decline(token, reason, meta(req)));
  });
  return router;
}
