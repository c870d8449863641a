import { GoCardlessClient } from 'gocardless-nodejs/client';
import { Environments } from 'gocardless-nodejs/constants';
import { parse as parseWebhook } from 'gocardless-nodejs/webhooks';
import {
  header,
  InvalidWebhookSignature,
  type AdapterSecrets,
  type PaymentMetadata,
  type PaymentOutcome,
  type PaymentProviderAdapter,
  type WebhookEvent,
} from './payment-provider.ts';

/** GoCardless allows three metadata keys: the session and the balance share one. */
const encode = (m: PaymentMetadata) => ({ accountId: m.accountId, invoiceId: m.invoiceId, session: `${m.sessionRef}:${m.balancePence}` });
function decode(raw: unknown): PaymentMetadata | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  if (typeof m.accountId !== 'string' || typeof m.invoiceId !== 'string' || typeof m.session !== 'string') return null;
  const [sessionRef, balance] = m.session.split(':');
  const balancePence = Number(balance);
  if (!sessionRef || !Number.isSafeInteger(balancePence)) return null;
  return { accountId: m.accountId, invoiceId: m.invoiceId, balancePence, sessionRef };
}

/**
 * The SDK has no documented host setting (only Live and Sandbox). GOCARDLESS_API_BASE, set only by
 * tests, replaces the base URL its request layer holds, so the tests' fake on 127.0.0.1 is called
 * exactly as the SDK calls GoCardless.
 */
function clientFor(secrets: AdapterSecrets): GoCardlessClient {
  const live = secrets.secretKey.startsWith('live_');
  const client = new GoCardlessClient(secrets.secretKey, live ? Environments.Live : Environments.Sandbox, {});
  if (secrets.apiBase) (client as unknown as { _api: { _baseUrl: string } })._api._baseUrl = secrets.apiBase.replace(/\/$/, '');
  return client;
}

/**
 * GoCardless Instant Bank Pay through Billing Requests: a billing request with a payment request,
 * then a Billing Request Flow whose authorisation URL is the hosted pay page. Webhooks come in
 * batches signed with HMAC-SHA256 (Webhook-Signature); the money is the payment's `confirmed`.
 */
export function createGoCardlessAdapter(secrets: AdapterSecrets): PaymentProviderAdapter {
  const gc = clientFor(secrets);
  return {
    name: 'gocardless',
    async createPayment(req) {
      const br = await gc.billingRequests.create(
        {
          payment_request: {
            amount: String(req.amountPence + req.surchargePence),
            currency: req.currency.toUpperCase(),
            description: req.description,
            metadata: encode(req.metadata),
          } as never,
          metadata: encode(req.metadata),
        },
        req.idempotencyKey,
      );
      const flow = await gc.billingRequestFlows.create(
        { redirect_uri: req.successUrl, exit_uri: req.cancelUrl, links: { billing_request: br.id! } } as never,
        `${req.idempotencyKey}:flow`,
      );
      if (!flow.authorisation_url) throw new Error('GoCardless answered a flow without an authorisation URL');
      return { sessionId: br.id!, redirectUrl: flow.authorisation_url };
    },

    verifyWebhook(rawBody, headers) {
      const signature = header(headers, 'webhook-signature');
      if (!signature) throw new InvalidWebhookSignature('missing Webhook-Signature');
      let events: Array<Record<string, unknown>>;
      try {
        events = parseWebhook(rawBody, secrets.webhookSecret, signature) as unknown as Array<Record<string, unknown>>;
      } catch {
        throw new InvalidWebhookSignature('bad Webhook-Signature');
      }
      if (!Array.isArray(events)) throw new InvalidWebhookSignature('no events');
      return events.map((e) => ({
        id: String(e.id),
        type: `${String(e.resource_type)}.${String(e.action)}`,
        data: { links: e.links ?? {} },
      }));
    },

    async resolve(event: WebhookEvent): Promise<PaymentOutcome | null> {
      const links = (event.data.links ?? {}) as Record<string, string | undefined>;
      switch (event.type) {
        case 'payments.confirmed':
        case 'payments.failed': {
          if (!links.payment) return null;
          const p = await gc.payments.find(links.payment);
          const metadata = decode(p.metadata);
          if (!metadata) return null;
          if (event.type === 'payments.failed') return { kind: 'failed', metadata, reason: 'the bank payment failed' };
          return { kind: 'succeeded', paymentId: p.id!, amountPence: Number(p.amount), feePence: null, method: 'BANK_TRANSFER', metadata };
        }
        case 'billing_requests.cancelled': {
          if (!links.billing_request) return null;
          const br = await gc.billingRequests.find(links.billing_request);
          const metadata = decode(br.metadata);
          return metadata ? { kind: 'expired', metadata, reason: 'the bank payment was cancelled' } : null;
        }
        case 'refunds.paid': {
          if (!links.refund) return null;
          const r = await gc.refunds.find(links.refund);
          const paymentId = (r.links as { payment?: string } | undefined)?.payment;
          return paymentId ? { kind: 'refunded', refundId: r.id!, paymentId, amountPence: Number(r.amount) } : null;
        }
        default:
          return null;
      }
    },

    async refund(paymentId, amountPence, idempotencyKey) {
      const r = await gc.refunds.create(
        { amount: String(amountPence), links: { payment: paymentId }, total_amount_confirmation: String(amountPence) } as never,
        idempotencyKey,
      );
      return { refundId: r.id! };
    },
  };
}
