import express, { Router, type Request, type RequestHandler } from 'express';
import { ZShareTokenParams } from '@docket/schemas/share';
import { ZIdParams } from '@docket/schemas/common';
import { ZPaymentParams } from '@docket/schemas/payment';
import { ZDepositRequest, ZPayRequest, ZRefundRequest, ZProviderParams, ZProviderSettingsRequest, ZSurchargeRequest } from '@docket/schemas/online-payment';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { OnlinePaymentsService } from './online-payments.service.ts';

type Origin = (req: Request) => string;

/**
 * GET /company/payments, PUT|DELETE /company/payments/{provider}: Settings → Online payments.
 * Secrets go in and never come out (keyHint only).
 */
export function companyPaymentsRoutes(service: OnlinePaymentsService, publicOrigin: Origin) {
  const router = Router();
  router.get('/', async (req, res) => {
    sendData(res, await service.list(currentAccount(req).id, publicOrigin(req)));
  });
  router.put('/:provider/surcharge', async (req, res) => {
    const { provider } = parse(ZProviderParams, req.params);
    const { percent } = parse(ZSurchargeRequest, req.body ?? {});
    sendData(res, await service.setSurcharge(currentAccount(req).id, provider, percent, publicOrigin(req)));
  });
  router.put('/:provider', async (req, res) => {
    const { provider } = parse(ZProviderParams, req.params);
    const body = parse(ZProviderSettingsRequest, req.body ?? {});
    sendData(res, await service.put(currentAccount(req).id, provider, body, publicOrigin(req)));
  });
  router.delete('/:provider', async (req, res) => {
    const { provider } = parse(ZProviderParams, req.params);
    sendData(res, await service.remove(currentAccount(req).id, provider));
  });
  return router;
}

/** POST /public/invoices/{token}/pay, GET|POST /public/statements/{token}[/pay]: Pay now on the customer's link (the token is checked first, as on every public route). */
export function publicPayRoutes(service: OnlinePaymentsService, body: RequestHandler[], publicOrigin: Origin) {
  const router = Router();
  router.post('/invoices/:token/pay', ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    const { provider } = parse(ZPayRequest, req.body ?? {});
    sendData(res, await service.pay(token, provider, publicOrigin(req)));
  });
  router.get('/statements/:token', ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    sendData(res, await service.publicStatement(token));
  });
  router.post('/statements/:token/pay', ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    const { provider } = parse(ZPayRequest, req.body ?? {});
    sendData(res, await service.payStatement(token, provider, publicOrigin(req)));
  });
  router.post('/quotes/:token/pay-deposit', ...body, async (req, res) => {
    const { token } = parse(ZShareTokenParams, req.params);
    const { provider } = parse(ZPayRequest, req.body ?? {});
    sendData(res, await service.payDeposit(token, provider, publicOrigin(req)));
  });
  return router;
}

/** POST|DELETE /clients/{id}/statement-link: the client's statement link, to pay everything owed from it. */
export function statementLinkRoutes(service: OnlinePaymentsService, publicOrigin: Origin) {
  const router = Router();
  router.post('/:id/statement-link', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.createStatementLink(currentAccount(req).id, id, publicOrigin(req)), 201);
  });
  router.delete('/:id/statement-link', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.revokeStatementLink(currentAccount(req).id, id));
  });
  return router;
}

/** GET|PUT /quotes/{id}/deposit: the deposit a quote asks for on acceptance. */
export function quoteDepositRoutes(service: OnlinePaymentsService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/quotes/:id/deposit', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.getDeposit(currentAccount(req).id, id));
  });
  router.put('/quotes/:id/deposit', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    const body = parse(ZDepositRequest, req.body ?? {});
    sendData(res, await service.setDeposit(currentAccount(req).id, id, body));
  });
  return router;
}

/** GET /invoices/{id}/online-payments and POST /invoices/{id}/payments/{paymentId}/refund: refunds from the invoice page (owner and office). */
export function refundRoutes(service: OnlinePaymentsService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/invoices/:id/online-payments', requireUser, async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.refundable(currentAccount(req).id, id));
  });
  router.post('/invoices/:id/payments/:paymentId/refund', requireUser, async (req, res) => {
    const { id, paymentId } = parse(ZPaymentParams, req.params);
    const { amount } = parse(ZRefundRequest, req.body ?? {});
    sendData(res, await service.refund(currentAccount(req).id, id, paymentId, amount));
  });
  return router;
}

/**
 * POST /webhooks/{provider}/{accountKey}: the raw bytes, as signed, go to the SDK's verifier; the
 * answer is sent as soon as the events are stored (docs/reliability.md, "Payment webhooks").
 */
export function webhookRoutes(service: OnlinePaymentsService) {
  const router = Router();
  router.post('/:provider/:accountKey', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const { provider } = parse(ZProviderParams, req.params);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    sendData(res, await service.receive(provider, String(req.params.accountKey), raw, req.headers));
  });
  return router;
}
