import { readFileSync } from 'node:fs';
import { Router, type Request } from 'express';
import { ZHmrcRangeQuery, ZNoQuery, ZObligationsQuery, ZPeriodKey, ZSubmitVatReturn } from '@docket/schemas/mtd';
import { parse } from '../../middleware/validate.ts';
import { currentAccount, currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { Clock } from '../../lib/clock.ts';
import { browserValuesOf, fraudPreventionHeaders, serverValuesOf } from './fraud-headers.ts';
import type { MtdService } from './mtd.service.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * /api/mtd/vat (issue 37; names fixed). The callback is HMRC's redirect of the browser: it carries
 * no session, so it is mounted before authentication and trusts only the single-use state.
 */
export function mtdCallbackRoutes(service: MtdService, publicOrigin: (req: Request) => string) {
  const router = Router();
  router.get('/mtd/vat/callback', async (req, res) => {
    const q = req.query;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const outcome = await service.finishConnect(
      { state: text(q.state), code: text(q.code), error: text(q.error) },
      `${publicOrigin(req)}/api/mtd/vat/callback`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, `${publicOrigin(req)}/vat?hmrc=${outcome}`);
  });
  return router;
}

export function mtdRoutes(service: MtdService, clock: Clock, publicOrigin: (req: Request) => string) {
  const router = Router();
  const fraud = (req: Request) =>
    fraudPreventionHeaders(browserValuesOf(req), serverValuesOf(req, { userId: currentUser(req).id, accountId: currentAccount(req).id }, clock(), VERSION));

  router.get('/status', async (req, res) => {
    sendData(res, await service.status(currentAccount(req).id));
  });
  // A browser navigation gets the redirect; the web app, which holds the session in a header, asks for JSON.
  router.get('/connect', async (req, res) => {
    parse(ZNoQuery, req.query);
    const url = await service.startConnect(currentAccount(req).id, currentUser(req).id, `${publicOrigin(req)}/api/mtd/vat/callback`);
    res.setHeader('Cache-Control', 'no-store');
    if (req.accepts(['html', 'json']) === 'json') sendData(res, { url });
    else res.redirect(302, url);
  });
  router.delete('/connection', async (req, res) => {
    await service.disconnect(currentAccount(req).id);
    res.status(204).end();
  });
  router.get('/obligations', async (req, res) => {
    const { status } = parse(ZObligationsQuery, req.query);
    sendData(res, await service.obligations(currentAccount(req).id, status, fraud(req)));
  });
  router.get('/returns/:periodKey/preview', async (req, res) => {
    const periodKey = parse(ZPeriodKey, req.params.periodKey);
    sendData(res, await service.preview(currentAccount(req).id, periodKey, fraud(req)));
  });
  router.get('/returns/:periodKey/hmrc', async (req, res) => {
    const periodKey = parse(ZPeriodKey, req.params.periodKey);
    parse(ZNoQuery, req.query);
    sendData(res, await service.hmrcReturn(currentAccount(req).id, periodKey, fraud(req)));
  });
  router.get('/liabilities', async (req, res) => {
    const q = parse(ZHmrcRangeQuery, req.query);
    sendData(res, await service.liabilities(currentAccount(req).id, q, fraud(req)));
  });
  router.get('/payments', async (req, res) => {
    const q = parse(ZHmrcRangeQuery, req.query);
    sendData(res, await service.payments(currentAccount(req).id, q, fraud(req)));
  });
  router.get('/returns', async (req, res) => {
    sendData(res, await service.returns(currentAccount(req).id));
  });
  router.post('/returns', async (req, res) => {
    const { periodKey } = parse(ZSubmitVatReturn, req.body);
    sendData(res, await service.submit(currentAccount(req).id, currentUser(req).id, periodKey, fraud(req)), 201);
  });
  return router;
}
