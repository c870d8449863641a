import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADAPTERS } from './adapters.ts';
import { InvalidWebhookSignature, type PaymentMetadata, type PaymentProviderAdapter, type ProviderName } from './payment-provider.ts';
import { startFakeStripe } from '../../../test/fakes/fake-stripe.ts';
import { startFakeGoCardless } from '../../../test/fakes/fake-gocardless.ts';

/** The webhook receiver the fakes post to: keeps each delivery's raw bytes and headers. */
async function startReceiver() {
  const got: Array<{ body: Buffer; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

interface Fake {
  base: string;
  close(): Promise<void>;
  configureWebhook(url: string, secret: string): void;
  succeed(sessionId: string): Promise<number>;
  fail(sessionId: string): Promise<number>;
  expire(sessionId: string): Promise<number>;
}

const CASES: Array<{ name: ProviderName; secretKey: string; start: (key: string) => Promise<Fake> }> = [
  { name: 'stripe', secretKey: 'sk_test_contract_0001', start: (secretKey) => startFakeStripe({ secretKey }) },
  { name: 'gocardless', secretKey: 'sandbox_contract_0001', start: (accessToken) => startFakeGoCardless({ accessToken }) },
];

const metadata = (n: number): PaymentMetadata => ({
  accountId: '11111111-1111-4111-8111-111111111111',
  invoiceId: '22222222-2222-4222-8222-222222222222',
  balancePence: n,
  sessionRef: `33333333-3333-4333-8333-33333333333${n % 10}`,
});

/** The one contract every adapter keeps (docs/product.md, "Payments from the link"). */
describe.each(CASES)('payment provider contract: $name', ({ name, secretKey, start }) => {
  const webhookSecret = `whsec_contract_${name}`;
  let fake: Fake;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let adapter: PaymentProviderAdapter;
  const request = (n: number, key: string, surchargePence = 0) => ({
    amountPence: n,
    surchargePence,
    currency: 'GBP',
    reference: 'INV-0001',
    description: 'Invoice INV-0001',
    metadata: metadata(n),
    idempotencyKey: key,
    successUrl: 'http://127.0.0.1:1/p/tok?payment=success',
    cancelUrl: 'http://127.0.0.1:1/p/tok?payment=cancelled',
    customerEmail: 'payer@example.com',
  });
  /** The events of the last delivery, verified by the adapter as the route would. */
  const lastEvents = () => {
    const d = receiver.got.at(-1)!;
    return adapter.verifyWebhook(d.body, d.headers);
  };

  beforeAll(async () => {
    fake = await start(secretKey);
    receiver = await startReceiver();
    fake.configureWebhook(receiver.url, webhookSecret);
    adapter = ADAPTERS[name]({ secretKey, webhookSecret, apiBase: fake.base });
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it('when a payment is created, then the answer is the provider session and a hosted page URL on the provider', async () => {
    const created = await adapter.createPayment(request(1234, `k-${name}-1`));
    expect(created.sessionId).toMatch(/\w+/);
    expect(created.redirectUrl.startsWith(fake.base)).toBe(true);
    const page = await (await fetch(created.redirectUrl)).text();
    expect(page).toContain('£12.34');
    expect(page).toContain('Succeed');
  });

  it('when the same idempotency key is used twice, then the provider session is the same one', async () => {
    const a = await adapter.createPayment(request(500, `k-${name}-same`));
    const b = await adapter.createPayment(request(500, `k-${name}-same`));
    expect(b.sessionId).toBe(a.sessionId);
    expect(b.redirectUrl).toBe(a.redirectUrl);
  });

  it('when the payer succeeds, then the signed webhook verifies and resolves to a success with the amount and our metadata', async () => {
    const created = await adapter.createPayment(request(2500, `k-${name}-ok`));
    await fake.succeed(created.sessionId);
    const [event] = lastEvents();
    const outcome = await adapter.resolve(event!);
    expect(outcome).toMatchObject({ kind: 'succeeded', amountPence: 2500, metadata: metadata(2500) });
    expect(outcome?.kind === 'succeeded' && outcome.paymentId).toBeTruthy();
  });

  it('when a surcharge is added, then the payer is charged the balance and the surcharge together', async () => {
    const created = await adapter.createPayment(request(10000, `k-${name}-surcharge`, 150));
    expect(await (await fetch(created.redirectUrl)).text()).toContain('£101.50');
    await fake.succeed(created.sessionId);
    expect(await adapter.resolve(lastEvents()[0]!)).toMatchObject({ kind: 'succeeded', amountPence: 10150, metadata: metadata(10000) });
  });

  it('when the payment fails, then the event resolves to a failure for the same session', async () => {
    const created = await adapter.createPayment(request(700, `k-${name}-fail`));
    await fake.fail(created.sessionId);
    const outcome = await adapter.resolve(lastEvents()[0]!);
    expect(outcome).toMatchObject({ kind: 'failed', metadata: metadata(700) });
  });

  it('when the payment page expires or is cancelled, then the event resolves to expired', async () => {
    const created = await adapter.createPayment(request(800, `k-${name}-expire`));
    await fake.expire(created.sessionId);
    expect(await adapter.resolve(lastEvents()[0]!)).toMatchObject({ kind: 'expired', metadata: metadata(800) });
  });

  it('when a payment is refunded, then the refund event names the payment and the amount', async () => {
    const created = await adapter.createPayment(request(900, `k-${name}-refund`));
    await fake.succeed(created.sessionId);
    const paid = await adapter.resolve(lastEvents()[0]!);
    if (paid?.kind !== 'succeeded') throw new Error('expected a success');
    const { refundId } = await adapter.refund(paid.paymentId, 400, `r-${name}`);
    const outcome = await adapter.resolve(lastEvents()[0]!);
    expect(outcome).toEqual({ kind: 'refunded', refundId, paymentId: paid.paymentId, amountPence: 400 });
  });

  it('when the signature is missing, wrong, or the body was changed, then verification throws and parses nothing', async () => {
    const created = await adapter.createPayment(request(300, `k-${name}-sig`));
    await fake.succeed(created.sessionId);
    const d = receiver.got.at(-1)!;
    const headerName = name === 'stripe' ? 'stripe-signature' : 'webhook-signature';
    const without = { ...d.headers };
    delete without[headerName];
    expect(() => adapter.verifyWebhook(d.body, without)).toThrow(InvalidWebhookSignature);
    expect(() => adapter.verifyWebhook(Buffer.concat([d.body, Buffer.from(' ')]), d.headers)).toThrow(InvalidWebhookSignature);
    const other = ADAPTERS[name]({ secretKey, webhookSecret: 'whsec_someone_else', apiBase: fake.base });
    expect(() => other.verifyWebhook(d.body, d.headers)).toThrow(InvalidWebhookSignature);
  });

  it('when the secret key is wrong, then creating a payment is refused by the provider', async () => {
    const wrong = ADAPTERS[name]({ secretKey: `${secretKey}_wrong`, webhookSecret, apiBase: fake.base });
    await expect(wrong.createPayment(request(100, `k-${name}-auth`))).rejects.toThrow();
  });
});
