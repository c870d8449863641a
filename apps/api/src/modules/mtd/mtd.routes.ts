import type { Request } from 'express';
import { z } from 'zod';
import {
  ZHmrcRangeQuery,
  ZHmrcReturnView,
  ZMtdConnect,
  ZMtdStatus,
  ZNoQuery,
  ZObligation,
  ZObligationsQuery,
  ZPeriodKey,
  ZSubmitVatReturn,
  ZVatLiabilities,
  ZVatPayments,
  ZVatPreview,
  ZVatReceipt,
} from '@docket/schemas/mtd';
import { parse } from '../../middleware/validate.ts';
import { currentAccount, currentUser } from '../../middleware/authenticate.ts';
import { defineRoute, raw, SENT, type Route } from '../../http/route.ts';
import type { Clock } from '../../lib/clock.ts';
import { browserValuesOf, fraudPreventionHeaders, serverValuesOf } from './fraud-headers.ts';
import type { MtdService } from './mtd.service.ts';
// Imported, not read from disk beside the file: the bundle (dist/server.js) sits elsewhere than the
// source, and read by path it named the workspace's package.json, which has no version.
import apiPackage from '../../../package.json' with { type: 'json' };

const VERSION = apiPackage.version;

/**
 * /api/mtd/vat (issue 37; names fixed). The callback is HMRC's redirect of the browser: it carries
 * no session, so it is public and trusts only the single-use state. Every other route is for those
 * who file (permission vat-filing), reading included.
 */
export function mtdRoutes(service: MtdService, clock: Clock, publicOrigin: (req: Request) => string): Route[] {
  const fraud = (req: Request) =>
    fraudPreventionHeaders(browserValuesOf(req), serverValuesOf(req, { userId: currentUser(req).id, accountId: currentAccount(req).id }, clock(), VERSION));
  const periodKeyOf = (req: Request) => parse(ZPeriodKey, req.params.periodKey);

  return [
    defineRoute({
      method: 'get',
      path: '/mtd/vat/callback',
      auth: 'public',
      response: raw('redirect'),
      handler: async ({ req, res }) => {
        const q = req.query;
        const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
        const outcome = await service.finishConnect(
          { state: text(q.state), code: text(q.code), error: text(q.error) },
          `${publicOrigin(req)}/api/mtd/vat/callback`,
        );
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Referrer-Policy', 'no-referrer');
        res.redirect(302, `${publicOrigin(req)}/vat?hmrc=${outcome}`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/mtd/vat/status',
      permission: 'vat-filing',
      response: ZMtdStatus,
      handler: ({ accountId }) => service.status(accountId),
    }),
    // A browser navigation gets the redirect; the web app, which holds the session in a header, asks for JSON.
    defineRoute({
      method: 'get',
      path: '/mtd/vat/connect',
      permission: 'vat-filing',
      request: { query: ZNoQuery },
      response: ZMtdConnect,
      handler: async ({ accountId, user, req, res }) => {
        const url = await service.startConnect(accountId, user.id, `${publicOrigin(req)}/api/mtd/vat/callback`);
        res.setHeader('Cache-Control', 'no-store');
        if (req.accepts(['html', 'json']) === 'json') return { url };
        res.redirect(302, url);
        return SENT;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/mtd/vat/connection',
      permission: 'vat-filing',
      response: raw('no content'),
      handler: async ({ accountId, res }) => {
        await service.disconnect(accountId);
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/mtd/vat/obligations',
      permission: 'vat-filing',
      request: { query: ZObligationsQuery },
      response: z.array(ZObligation),
      handler: ({ accountId, query, req }) => service.obligations(accountId, query.status, fraud(req)),
    }),
    defineRoute({
      method: 'get',
      path: '/mtd/vat/returns/:periodKey/preview',
      permission: 'vat-filing',
      response: ZVatPreview,
      handler: ({ accountId, req }) => service.preview(accountId, periodKeyOf(req), fraud(req)),
    }),
    defineRoute({
      method: 'get',
      path: '/mtd/vat/returns/:periodKey/hmrc',
      permission: 'vat-filing',
      response: ZHmrcReturnView,
      handler: ({ accountId, req }) => {
        const periodKey = periodKeyOf(req);
        parse(ZNoQuery, req.query);
        return service.hmrcReturn(accountId, periodKey, fraud(req));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/mtd/vat/liabilities',
      permission: 'vat-filing',
      request: { query: ZHmrcRangeQuery },
      response: ZVatLiabilities,
      handler: ({ accountId, query, req }) => service.liabilities(accountId, query, fraud(req)),
    }),
    defineRoute({
      method: 'get',
      path: '/mtd/vat/payments',
      permission: 'vat-filing',
      request: { query: ZHmrcRangeQuery },
      response: ZVatPayments,
      handler: ({ accountId, query, req }) => service.payments(accountId, query, fraud(req)),
    }),
    defineRoute({
      method: 'get',
      path: '/mtd/vat/returns',
      permission: 'vat-filing',
      response: z.array(ZVatReceipt),
      handler: ({ accountId }) => service.returns(accountId),
    }),
    defineRoute({
      method: 'post',
      path: '/mtd/vat/returns',
      permission: 'vat-filing',
      request: { body: ZSubmitVatReturn },
      response: ZVatReceipt,
      status: 201,
      handler: ({ accountId, user, body, req }) => service.submit(accountId, user.id, body.periodKey, fraud(req)),
    }),
  ];
}
