import express, { type Request } from 'express';
import { z } from 'zod';
import { ZShareTokenParams } from '@docket/schemas/share';
import { ZIdParams, ZRevokedAnswer } from '@docket/schemas/common';
import { ZPaymentParams } from '@docket/schemas/payment';
import {
  ZDeposit,
  ZDepositRequest,
  ZPayAnswer,
  ZPayRequest,
  ZProviderDeleted,
  ZProviderParams,
  ZProviderSettings,
  ZProviderSettingsRequest,
  ZPublicStatement,
  ZRefund,
  ZRefundablePayment,
  ZRefundRequest,
  ZStatementLink,
  ZSurchargeRequest,
} from '@docket/schemas/online-payment';
import { parse } from '../../middleware/validate.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import type { OnlinePaymentsService } from './online-payments.service.ts';

type Origin = (req: Request) => string;

/**
 * Online payments' routes:
 * - GET /company/payments, PUT|DELETE /company/payments/{provider}[/surcharge]: Settings → Online
 *   payments. Secrets go in and never come out (keyHint only).
 * - /public (stage `public`): Pay now on the customer's invoice, quote deposit and statement links
 *   (the token is checked first, as on every public route).
 * - POST|DELETE /clients/{id}/statement-link: the client's statement link, to pay everything owed from it.
 * - GET|PUT /quotes/{id}/deposit: the deposit a quote asks for on acceptance.
 * - GET /invoices/{id}/online-payments and POST /invoices/{id}/payments/{paymentId}/refund: refunds
 *   from the invoice page (owner and office).
 * - POST /webhooks/{provider}/{accountKey} (stage `webhook`): the raw bytes, as signed, go to the
 *   SDK's verifier; the answer is sent as soon as the events are stored (docs/reliability.md, "Payment webhooks").
 */
export function onlinePaymentsRoutes(service: OnlinePaymentsService, publicOrigin: Origin): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/company/payments',
      permission: 'read',
      response: z.array(ZProviderSettings),
      handler: ({ accountId, req }) => service.list(accountId, publicOrigin(req)),
    }),
    defineRoute({
      method: 'put',
      path: '/company/payments/:provider/surcharge',
      permission: 'write',
      request: { params: ZProviderParams, body: ZSurchargeRequest },
      response: ZProviderSettings,
      handler: ({ accountId, params, body, req }) => service.setSurcharge(accountId, params.provider, body.percent, publicOrigin(req)),
    }),
    defineRoute({
      method: 'put',
      path: '/company/payments/:provider',
      permission: 'write',
      request: { params: ZProviderParams, body: ZProviderSettingsRequest },
      response: ZProviderSettings,
      handler: ({ accountId, params, body, req }) => service.put(accountId, params.provider, body, publicOrigin(req)),
    }),
    defineRoute({
      method: 'delete',
      path: '/company/payments/:provider',
      permission: 'write',
      request: { params: ZProviderParams },
      response: ZProviderDeleted,
      handler: ({ accountId, params }) => service.remove(accountId, params.provider),
    }),
    defineRoute({
      method: 'post',
      path: '/public/invoices/:token/pay',
      auth: 'public',
      stage: 'public',
      request: { params: ZShareTokenParams, body: ZPayRequest },
      response: ZPayAnswer,
      handler: ({ params, body, req }) => service.pay(params.token, body.provider, publicOrigin(req)),
    }),
    defineRoute({
      method: 'get',
      path: '/public/statements/:token',
      auth: 'public',
      stage: 'public',
      request: { params: ZShareTokenParams },
      response: ZPublicStatement,
      handler: ({ params }) => service.publicStatement(params.token),
    }),
    defineRoute({
      method: 'post',
      path: '/public/statements/:token/pay',
      auth: 'public',
      stage: 'public',
      request: { params: ZShareTokenParams, body: ZPayRequest },
      response: ZPayAnswer,
      handler: ({ params, body, req }) => service.payStatement(params.token, body.provider, publicOrigin(req)),
    }),
    defineRoute({
      method: 'post',
      path: '/public/quotes/:token/pay-deposit',
      auth: 'public',
      stage: 'public',
      request: { params: ZShareTokenParams, body: ZPayRequest },
      response: ZPayAnswer,
      handler: ({ params, body, req }) => service.payDeposit(params.token, body.provider, publicOrigin(req)),
    }),
    defineRoute({
      method: 'post',
      path: '/clients/:id/statement-link',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZStatementLink,
      status: 201,
      handler: ({ accountId, params, req }) => service.createStatementLink(accountId, params.id, publicOrigin(req)),
    }),
    defineRoute({
      method: 'delete',
      path: '/clients/:id/statement-link',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZRevokedAnswer,
      handler: ({ accountId, params }) => service.revokeStatementLink(accountId, params.id),
    }),
    defineRoute({
      method: 'get',
      path: '/quotes/:id/deposit',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZDeposit,
      handler: ({ accountId, params }) => service.getDeposit(accountId, params.id),
    }),
    defineRoute({
      method: 'put',
      path: '/quotes/:id/deposit',
      permission: 'write',
      request: { params: ZIdParams, body: ZDepositRequest },
      response: ZDeposit,
      handler: ({ accountId, params, body }) => service.setDeposit(accountId, params.id, body),
    }),
    defineRoute({
      method: 'get',
      path: '/invoices/:id/online-payments',
      permission: 'read',
      request: { params: ZIdParams },
      response: z.array(ZRefundablePayment),
      handler: ({ accountId, params }) => service.refundable(accountId, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/invoices/:id/payments/:paymentId/refund',
      // Refunding an online payment through its provider: owner and office.
      permission: 'write',
      request: { params: ZPaymentParams, body: ZRefundRequest },
      response: ZRefund,
      handler: ({ accountId, params, body }) => service.refund(accountId, params.id, params.paymentId, body.amount),
    }),
    defineRoute({
      method: 'post',
      path: '/webhooks/:provider/:accountKey',
      auth: 'public',
      stage: 'webhook',
      before: [express.raw({ type: () => true, limit: '1mb' })],
      response: z.strictObject({ received: z.number().int() }),
      handler: ({ req }) => {
        const { provider } = parse(ZProviderParams, req.params);
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return service.receive(provider, String(req.params.accountKey), raw, req.headers);
      },
    }),
  ];
}
