import { createHmac } from 'node:crypto';
import { deliver, payPage, startFakeServer, type FakeAnswer, type FakeRequest } from './fake-provider-server.ts';

interface BillingRequest {
  id: string;
  status: 'pending' | 'fulfilled' | 'cancelled';
  metadata: Record<string, string>;
  payment_request: { amount: number; currency: string; description: string; metadata: Record<string, string> };
  links: { payment_request_payment?: string };
}
interface Flow {
  id: string;
  authorisation_url: string;
  redirect_uri: string;
  exit_uri: string;
  links: { billing_request: string };
}

/**
 * A fake GoCardless on 127.0.0.1 speaking the API as `gocardless-nodejs` sends it (JSON wrapped in
 * the resource name, Bearer token, Idempotency-Key answered with the idempotent_creation_conflict
 * the SDK follows), a hosted Billing Request Flow page (Succeed / Fail / Cancel), and webhooks
 * signed as GoCardless signs them: Webhook-Signature = hex HMAC-SHA256 of the body with the
 * endpoint secret (the SDK ships only the verifier, gocardless-nodejs/webhooks).
 */
export async function startFakeGoCardless(opts: { accessToken: string }) {
  const requests = new Map<string, BillingRequest>();
  const flows = new Map<string, Flow>();
  const payments = new Map<string, { id: string; amount: number; currency: string; status: string; metadata: Record<string, string> }>();
  const refunds = new Map<string, { id: string; amount: number; links: { payment: string } }>();
  const byKey = new Map<string, string>();
  const sent: Array<{ id: string; type: string; body: string }> = [];
  let seq = 0;
  let webhook: { url: string; secret: string } | null = null;
  const calls: string[] = [];
  const next = (prefix: string) => `${prefix}${String(++seq).padStart(6, '0')}`;

  const authorised = (req: FakeRequest) => req.headers.authorization === `Bearer ${opts.accessToken}`;
  const unauthorised: FakeAnswer = {
    status: 401,
    json: {
      error: {
        type: 'invalid_api_usage',
        code: 401,
        message: 'Access token not found',
        errors: [{ reason: 'access_token_not_found', message: 'Access token not found' }],
      },
    },
  };
  const notFound: FakeAnswer = {
    status: 404,
    json: {
      error: { type: 'invalid_api_usage', code: 404, message: 'Resource not found', errors: [{ reason: 'resource_not_found', message: 'Resource not found' }] },
    },
  };
  /** GoCardless answers a repeated Idempotency-Key with 409 naming the first resource; the SDK then fetches it. */
  const conflict = (id: string): FakeAnswer => ({
    status: 409,
    json: {
      error: {
        type: 'invalid_state',
        code: 409,
        message: 'A resource has already been created with this idempotency key',
        errors: [
          {
            reason: 'idempotent_creation_conflict',
            message: 'A resource has already been created with this idempotency key',
            links: { conflicting_resource_id: id },
          },
        ],
      },
    },
  });
  const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

  async function send(resourceType: string, action: string, links: Record<string, string>): Promise<number> {
    const id = next('EV');
    const body = JSON.stringify({
      events: [{ id, created_at: new Date().toISOString(), resource_type: resourceType, action, links, details: { origin: 'gocardless' }, metadata: {} }],
      meta: { webhook_id: next('WB') },
    });
    sent.push({ id, type: `${resourceType}.${action}`, body });
    if (!webhook) return 0;
    return deliver(webhook.url, body, { 'webhook-signature': sign(body, webhook.secret) });
  }

  const server = await startFakeServer([
    [
      'POST',
      /^\/billing_requests$/,
      (req) => {
        if (!authorised(req)) return unauthorised;
        calls.push('billingRequests.create');
        const key = String(req.headers['idempotency-key'] ?? '');
        const again = key && byKey.get(key);
        if (again) return conflict(again);
        const data = JSON.parse(req.body).billing_requests;
        const br: BillingRequest = {
          id: next('BRQ'),
          status: 'pending',
          metadata: data.metadata ?? {},
          payment_request: {
            amount: Number(data.payment_request.amount),
            currency: data.payment_request.currency,
            description: data.payment_request.description,
            metadata: data.payment_request.metadata ?? {},
          },
          links: {},
        };
        requests.set(br.id, br);
        if (key) byKey.set(key, br.id);
        return { status: 201, json: { billing_requests: br } };
      },
    ],
    [
      'GET',
      /^\/billing_requests\/([^/]+)$/,
      (req, [id]) => (!authorised(req) ? unauthorised : requests.has(id!) ? { status: 200, json: { billing_requests: requests.get(id!) } } : notFound),
    ],
    [
      'POST',
      /^\/billing_request_flows$/,
      (req) => {
        if (!authorised(req)) return unauthorised;
        const key = String(req.headers['idempotency-key'] ?? '');
        const again = key && byKey.get(key);
        if (again) return { status: 201, json: { billing_request_flows: flows.get(again) } };
        const data = JSON.parse(req.body).billing_request_flows;
        const flow: Flow = { id: next('BRF'), authorisation_url: '', redirect_uri: data.redirect_uri, exit_uri: data.exit_uri, links: data.links };
        flow.authorisation_url = `${server.base}/flow/${flow.id}`;
        flows.set(flow.id, flow);
        if (key) byKey.set(key, flow.id);
        return { status: 201, json: { billing_request_flows: flow } };
      },
    ],
    [
      'GET',
      /^\/payments\/([^/]+)$/,
      (req, [id]) => (!authorised(req) ? unauthorised : payments.has(id!) ? { status: 200, json: { payments: payments.get(id!) } } : notFound),
    ],
    [
      'GET',
      /^\/refunds\/([^/]+)$/,
      (req, [id]) => (!authorised(req) ? unauthorised : refunds.has(id!) ? { status: 200, json: { refunds: refunds.get(id!) } } : notFound),
    ],
    [
      'POST',
      /^\/refunds$/,
      async (req) => {
        if (!authorised(req)) return unauthorised;
        const data = JSON.parse(req.body).refunds;
        const r = await api.refund(data.links.payment, Number(data.amount));
        return { status: 201, json: { refunds: r } };
      },
    ],
    [
      'GET',
      /^\/flow\/([^/]+)$/,
      (_req, [id]) => {
        const f = flows.get(id!);
        return f
          ? { status: 200, html: payPage('Fake GoCardless bank payment', requests.get(f.links.billing_request)!.payment_request.amount, `/flow/${id}`) }
          : { status: 404, html: 'unknown flow' };
      },
    ],
    [
      'POST',
      /^\/flow\/([^/]+)\/succeed$/,
      async (_req, [id]) => {
        const f = flows.get(id!)!;
        await api.succeed(f.links.billing_request);
        return { status: 303, redirect: f.redirect_uri };
      },
    ],
    [
      'POST',
      /^\/flow\/([^/]+)\/fail$/,
      async (_req, [id]) => {
        const f = flows.get(id!)!;
        await api.fail(f.links.billing_request);
        return { status: 303, redirect: f.exit_uri };
      },
    ],
    [
      'POST',
      /^\/flow\/([^/]+)\/cancel$/,
      async (_req, [id]) => {
        const f = flows.get(id!)!;
        await api.expire(f.links.billing_request);
        return { status: 303, redirect: f.exit_uri };
      },
    ],
  ]);

  const paymentFor = (billingRequestId: string, status: string) => {
    const br = requests.get(billingRequestId)!;
    let id = br.links.payment_request_payment;
    if (!id) {
      id = next('PM');
      br.links.payment_request_payment = id;
    }
    payments.set(id, { id, amount: br.payment_request.amount, currency: br.payment_request.currency, status, metadata: br.payment_request.metadata });
    return id;
  };

  const api = {
    base: server.base,
    close: server.close,
    calls,
    sent,
    requests,
    configureWebhook(url: string, secret: string) {
      webhook = { url, secret };
    },
    async succeed(billingRequestId: string) {
      const br = requests.get(billingRequestId)!;
      br.status = 'fulfilled';
      const payment = paymentFor(billingRequestId, 'confirmed');
      return send('payments', 'confirmed', { payment });
    },
    async fail(billingRequestId: string) {
      const payment = paymentFor(billingRequestId, 'failed');
      return send('payments', 'failed', { payment });
    },
    async expire(billingRequestId: string) {
      requests.get(billingRequestId)!.status = 'cancelled';
      return send('billing_requests', 'cancelled', { billing_request: billingRequestId });
    },
    async refund(paymentId: string, amount: number) {
      const r = { id: next('RF'), amount, links: { payment: paymentId } };
      refunds.set(r.id, r);
      await send('refunds', 'paid', { refund: r.id });
      return r;
    },
    async resend(eventId: string) {
      const e = sent.find((x) => x.id === eventId)!;
      return deliver(webhook!.url, e.body, { 'webhook-signature': sign(e.body, webhook!.secret) });
    },
    async sendRaw(body: string, secret: string, url = webhook!.url) {
      return deliver(url, body, { 'webhook-signature': sign(body, secret) });
    },
  };
  return api;
}
export type FakeGoCardless = Awaited<ReturnType<typeof startFakeGoCardless>>;
