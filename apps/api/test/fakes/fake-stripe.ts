import Stripe from 'stripe';
import { deliver, payPage, startFakeServer, type FakeAnswer, type FakeRequest } from './fake-provider-server.ts';

/** `name[key]=value` pairs of a form-encoded body (how the SDK sends hashes and arrays). */
function bracketed(p: URLSearchParams, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of p) {
    const m = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

/** Checkout's amount_total: the sum of every line item. */
function lineTotal(p: URLSearchParams): number {
  let total = 0;
  for (let i = 0; p.has(`line_items[${i}][quantity]`); i++)
    total += Number(p.get(`line_items[${i}][price_data][unit_amount]`)) * Number(p.get(`line_items[${i}][quantity]`));
  return total;
}

interface Session {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  url: string;
}

/**
 * A fake Stripe on 127.0.0.1 speaking the API as the `stripe` SDK sends it (form-encoded bodies,
 * Bearer key, Idempotency-Key), with a hosted Checkout page (Succeed / Fail / Cancel) and webhooks
 * signed by the SDK's own stripe.webhooks.generateTestHeaderString.
 */
export async function startFakeStripe(opts: { secretKey: string }) {
  const signer = new Stripe('sk_test_signer');
  const sessions = new Map<string, Session>();
  /** each session's line item names (Checkout lists them on its page; a session object does not carry them) */
  const lineNames = new Map<string, string[]>();
  const byKey = new Map<string, string>();
  const intents = new Map<string, { amount: number; sessionId: string; bank: boolean }>();
  const sent: Array<{ id: string; type: string; body: string }> = [];
  let seq = 0;
  let webhook: { url: string; secret: string } | null = null;
  const calls: string[] = [];
  const refundsByKey = new Map<string, Record<string, unknown>>();

  const authorised = (req: FakeRequest) => req.headers.authorization === `Bearer ${opts.secretKey}`;
  const unauthorised: FakeAnswer = { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };

  async function send(type: string, object: object): Promise<number> {
    const id = `evt_${++seq}`;
    const body = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
    });
    sent.push({ id, type, body });
    if (!webhook) return 0;
    return deliver(webhook.url, body, { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: webhook.secret }) });
  }

  const server = await startFakeServer([
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (req) => {
        if (!authorised(req)) return unauthorised;
        calls.push('checkout.sessions.create');
        const key = String(req.headers['idempotency-key'] ?? '');
        const again = key && byKey.get(key);
        if (again) return { status: 200, json: sessions.get(again) };
        const p = new URLSearchParams(req.body);
        const id = `cs_test_${++seq}`;
        const s: Session = {
          id,
          object: 'checkout.session',
          amount_total: lineTotal(p),
          currency: String(p.get('line_items[0][price_data][currency]')),
          metadata: bracketed(p, 'metadata'),
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          payment_method_types: Object.values(bracketed(p, 'allowed_payment_method_types')),
          success_url: String(p.get('success_url')),
          cancel_url: String(p.get('cancel_url')),
          url: `${server.base}/pay/${id}`,
        };
        sessions.set(id, s);
        lineNames.set(
          id,
          [...p.entries()].filter(([k]) => /^line_items\[\d+\]\[price_data\]\[product_data\]\[name\]$/.test(k)).map(([, v]) => v),
        );
        if (key) byKey.set(key, id);
        return { status: 200, json: s };
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (req, [id]) => {
        if (!authorised(req)) return unauthorised;
        const pi = intents.get(id!);
        if (!pi) return { status: 404, json: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
        return {
          status: 200,
          json: {
            id,
            object: 'payment_intent',
            amount: pi.amount,
            status: 'succeeded',
            latest_charge: {
              id: `ch_${id}`,
              object: 'charge',
              payment_method_details: { type: pi.bank ? 'pay_by_bank' : 'card' },
              balance_transaction: { id: `txn_${id}`, object: 'balance_transaction', fee: Math.round(pi.amount * 0.015) + 20 },
            },
          },
        };
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      async (req) => {
        if (!authorised(req)) return unauthorised;
        calls.push('refunds.create');
        const key = String(req.headers['idempotency-key'] ?? '');
        const again = key && refundsByKey.get(key);
        if (again) return { status: 200, json: again };
        const p = new URLSearchParams(req.body);
        const refund = { id: `re_${++seq}`, object: 'refund', amount: Number(p.get('amount')), payment_intent: p.get('payment_intent'), status: 'succeeded' };
        if (key) refundsByKey.set(key, refund);
        await send('refund.created', refund);
        return { status: 200, json: refund };
      },
    ],
    [
      'GET',
      /^\/pay\/([^/]+)$/,
      (_req, [id]) => {
        const s = sessions.get(id!);
        return s ? { status: 200, html: payPage('Fake Stripe Checkout', s.amount_total, `/pay/${id}`) } : { status: 404, html: 'unknown session' };
      },
    ],
    [
      'POST',
      /^\/pay\/([^/]+)\/succeed$/,
      async (_req, [id]) => {
        const s = sessions.get(id!)!;
        await api.succeed(s.id);
        return { status: 303, redirect: s.success_url };
      },
    ],
    [
      'POST',
      /^\/pay\/([^/]+)\/fail$/,
      async (_req, [id]) => {
        const s = sessions.get(id!)!;
        await api.fail(s.id);
        return { status: 303, redirect: s.cancel_url };
      },
    ],
    ['POST', /^\/pay\/([^/]+)\/cancel$/, (_req, [id]) => ({ status: 303, redirect: sessions.get(id!)!.cancel_url })],
  ]);

  const api = {
    base: server.base,
    close: server.close,
    calls,
    sent,
    sessions,
    lineNames,
    configureWebhook(url: string, secret: string) {
      webhook = { url, secret };
    },
    /** The customer pays by card: the session completes paid. */
    async succeed(sessionId: string, opts2: { bank?: boolean } = {}) {
      const s = sessions.get(sessionId)!;
      if (!s.payment_intent) {
        s.payment_intent = `pi_${++seq}`;
        intents.set(s.payment_intent, { amount: s.amount_total, sessionId, bank: Boolean(opts2.bank) });
      }
      s.payment_status = 'paid';
      s.status = 'complete';
      return send('checkout.session.completed', s);
    },
    /** Pay by Bank that the bank then refuses: completed unpaid, then the async failure. */
    async fail(sessionId: string) {
      const s = sessions.get(sessionId)!;
      s.status = 'complete';
      await send('checkout.session.completed', s);
      return send('checkout.session.async_payment_failed', s);
    },
    async expire(sessionId: string) {
      const s = sessions.get(sessionId)!;
      s.status = 'expired';
      return send('checkout.session.expired', s);
    },
    async refund(paymentIntent: string, amount: number) {
      const refund = { id: `re_${++seq}`, object: 'refund', amount, payment_intent: paymentIntent, status: 'succeeded' };
      await send('refund.created', refund);
      return refund;
    },
    /** Sends a stored event's exact bytes again (providers retry). */
    async resend(eventId: string) {
      const e = sent.find((x) => x.id === eventId)!;
      return deliver(webhook!.url, e.body, { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: e.body, secret: webhook!.secret }) });
    },
    /** Any payload, signed with any secret: for forged and foreign events. */
    async sendRaw(body: string, secret: string, url = webhook!.url) {
      return deliver(url, body, { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret }) });
    },
    sendEvent: send,
  };
  return api;
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
