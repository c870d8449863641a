import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { STATEMENT_MESSAGES } from '@docket/schemas/online-payment';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createIssuedInvoice } from '../../../test/document-fixtures.ts';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/fake-stripe.ts';

const SECRETS_KEY = 'test-secrets-key-that-is-at-least-32-characters';
const STRIPE_KEY = 'sk_test_docket_statement_1234';
const STRIPE_WHSEC = 'whsec_docket_statement_5678';

let t: TestApp;
let stripe: FakeStripe;
let server: http.Server;
let origin: string;
let a: TestUser;
let b: TestUser;

const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const statementLink = async (u: TestUser, clientId: string) =>
  (await request(t.app).post(`/api/clients/${clientId}/statement-link`).set(u.auth).expect(201)).body.data as { url: string; token: string };
const statement = (token: string) => request(t.app).get(`/api/public/statements/${token}`);
const payAll = (token: string, body: Record<string, unknown> = {}) => request(t.app).post(`/api/public/statements/${token}/pay`).send(body);
const invoiceOf = async (id: string) => (await request(t.app).get(`/api/invoices/${id}`).set(a.auth).expect(200)).body.data;
const sessionIdOf = (redirectUrl: string) => redirectUrl.split('/').at(-1)!;
const unprocessed = async () => Number((await rowsOf<{ n: number }>(sql`select count(*)::int as n from provider_events where processed_at is null`))[0]!.n);
const drained = () => expect.poll(unprocessed, { timeout: 15_000, interval: 100 }).toBe(0);
const paymentsOf = (reference: string) =>
  rowsOf<{ invoice_id: string; amount_pence: number; method: string; fee_pence: number | null }>(
    sql`select invoice_id, amount_pence::int as amount_pence, method, fee_pence::int as fee_pence from payments where reference = ${reference} order by created_at, id`,
  );

/** Three issued invoices of £379.20 for a new client, made so that issue order is not number order: #3 oldest, then #1, then #2; #1 part-paid £100. */
async function threeInvoices() {
  const clientId = (await createClient(t.app, a, { email: 'statement@acme.example' })).id;
  const made: { id: string; invoiceNumber: string }[] = [];
  for (let i = 0; i < 3; i++) made.push((await createIssuedInvoice(t.app, a, clientId)) as { id: string; invoiceNumber: string });
  await t.ctx.db.execute(sql`update invoices set created_at = now() - interval '10 days' where id = ${made[2]!.id}`);
  await t.ctx.db.execute(sql`update invoices set created_at = now() - interval '5 days' where id = ${made[0]!.id}`);
  await request(t.app).post(`/api/invoices/${made[0]!.id}/payments`).set(a.auth).send({ amount: 100, method: 'BANK_TRANSFER', reference: 'Part' }).expect(201);
  return { clientId, oldest: made[2]!, middle: made[0]!, newest: made[1]! };
}

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: STRIPE_KEY });
  t = await createTestApp(
    {
      planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 },
      onlinePayments: { secretsKey: SECRETS_KEY, stripeApiBase: stripe.base },
      publicAppUrl: 'https://docket.example',
    },
    { jobs: true },
  );
  server = http.createServer(t.app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  a = await registerUser(t.app);
  b = await registerUser(t.app);
  await request(t.app).post('/api/company').set(a.auth).send(sampleCompany()).expect(201);
  await request(t.app)
    .post('/api/company')
    .set(b.auth)
    .send(sampleCompany({ name: 'Other Trader' }))
    .expect(201);
  const saved = await request(t.app)
    .put('/api/company/payments/stripe')
    .set(a.auth)
    .send({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WHSEC, enabled: true })
    .expect(200);
  stripe.configureWebhook(`${origin}${new URL(saved.body.data.webhookUrl as string).pathname}`, STRIPE_WHSEC);
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await t.close();
  await stripe.close();
});

describe('a client statement link', () => {
  it('when the owner makes a statement link, then it opens the open invoices oldest first with the total due, and only its hash is stored', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const link = await statementLink(a, clientId);
    expect(link.url).toBe(`https://docket.example/s/${link.token}`);
    const stored = await rowsOf<{ token_hash: string }>(sql`select token_hash from statement_links where client_id = ${clientId}`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(link.token);
    const page = (await statement(link.token).expect(200)).body.data;
    expect(page.invoices.map((i: { number: string }) => i.number)).toEqual([oldest.invoiceNumber, middle.invoiceNumber, newest.invoiceNumber]);
    expect(page.invoices.map((i: { balance: number }) => i.balance)).toEqual([379.2, 279.2, 379.2]);
    expect(page.totalDue).toBe(1037.6);
    expect(page.onlinePayment).toEqual({ providers: ['stripe'] });
    expect(page.client.name).toBeTruthy();
  });

  it('when the client pays everything from the link, then one Stripe payment becomes a CARD payment on each invoice, oldest first, and all are PAID', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const { redirectUrl } = (await payAll(token).expect(200)).body.data;
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    expect(session.amount_total).toBe(103760);
    expect(session.metadata.invoiceId).toBe(session.metadata.sessionRef);
    expect(session.success_url).toBe(`https://docket.example/s/${token}?payment=success`);
    expect(await stripe.succeed(session.id)).toBe(200);
    await drained();
    const rows = await paymentsOf(session.payment_intent!);
    // one transaction: the order shows in who is paid when the money runs short (next test)
    const byInvoice = Object.fromEntries(rows.map((r) => [r.invoice_id, [r.amount_pence, r.method]]));
    expect(rows).toHaveLength(3);
    expect(byInvoice).toEqual({ [oldest.id]: [37920, 'CARD'], [middle.id]: [27920, 'CARD'], [newest.id]: [37920, 'CARD'] });
    // the provider's fee is kept once, on the first invoice paid
    expect(rows.filter((r) => r.fee_pence !== null)).toHaveLength(1);
    for (const inv of [oldest, middle, newest]) expect((await invoiceOf(inv.id)).status).toBe('PAID');
    const after = (await statement(token).expect(200)).body.data;
    expect(after).toMatchObject({ invoices: [], totalDue: 0, onlinePayment: null });
    expect((await payAll(token).expect(409)).body.error).toBe(STATEMENT_MESSAGES.nothingOwed);
  });

  it('when less arrives than was owed, then it pays the oldest invoice first and the newest stays open', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const { redirectUrl } = (await payAll(token).expect(200)).body.data;
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    session.amount_total = 60000;
    await stripe.succeed(session.id);
    await drained();
    const rows = await paymentsOf(session.payment_intent!);
    expect(Object.fromEntries(rows.map((r) => [r.invoice_id, r.amount_pence]))).toEqual({ [oldest.id]: 37920, [middle.id]: 22080 });
    expect((await invoiceOf(oldest.id)).status).toBe('PAID');
    expect((await invoiceOf(middle.id)).balanceDue).toBe(58.4);
    expect((await invoiceOf(newest.id)).balanceDue).toBe(379.2);
  });

  it('when the same webhook arrives five times, then each allocation is recorded once', async () => {
    const { clientId } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const { redirectUrl } = (await payAll(token).expect(200)).body.data;
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    await stripe.succeed(session.id);
    const event = stripe.sent.at(-1)!;
    await drained();
    for (let i = 0; i < 5; i++) expect(await stripe.resend(event.id)).toBe(200);
    // a second event id for the same payment (the provider sends both kinds) records nothing either
    await stripe.sendEvent('checkout.session.async_payment_succeeded', session);
    await drained();
    expect(await paymentsOf(session.payment_intent!)).toHaveLength(3);
    expect(await rowsOf(sql`select id from client_credits where reference = ${session.payment_intent!}`)).toHaveLength(0);
  });

  it('when an invoice is paid another way before the money arrives, then the rest is kept as client credit', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const { redirectUrl } = (await payAll(token).expect(200)).body.data;
    await request(t.app)
      .post(`/api/invoices/${newest.id}/payments`)
      .set(a.auth)
      .send({ amount: 379.2, method: 'BANK_TRANSFER', reference: 'Cheque' })
      .expect(201);
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    await stripe.succeed(session.id);
    await drained();
    expect((await paymentsOf(session.payment_intent!)).map((r) => r.invoice_id).sort()).toEqual([oldest.id, middle.id].sort());
    const credits = await rowsOf<{ amount_pence: number; client_id: string }>(
      sql`select amount_pence::int as amount_pence, client_id from client_credits where reference = ${session.payment_intent!}`,
    );
    expect(credits).toEqual([{ amount_pence: 37920, client_id: clientId }]);
  });

  it('when the link is revoked or replaced, then the old token answers the one 404 and pays nothing', async () => {
    const { clientId } = await threeInvoices();
    const first = await statementLink(a, clientId);
    const second = await statementLink(a, clientId);
    expect((await statement(first.token).expect(404)).body.error).toBe(SHARE_MESSAGES.linkInvalid);
    await statement(second.token).expect(200);
    expect((await request(t.app).delete(`/api/clients/${clientId}/statement-link`).set(a.auth).expect(200)).body.data).toEqual({ revoked: true });
    const sessions = stripe.sessions.size;
    for (const token of [first.token, second.token, 'not-a-token', 'x'.repeat(43)]) {
      expect((await statement(token).expect(404)).body.error).toBe(SHARE_MESSAGES.linkInvalid);
      await payAll(token).expect(404);
    }
    expect(stripe.sessions.size).toBe(sessions);
    expect((await request(t.app).delete(`/api/clients/${clientId}/statement-link`).set(a.auth).expect(200)).body.data).toEqual({ revoked: false });
  });

  it('when nothing is owed, then paying answers 409 "Nothing is owed" and no session is made', async () => {
    const clientId = (await createClient(t.app, a)).id;
    const { token } = await statementLink(a, clientId);
    expect((await statement(token).expect(200)).body.data).toMatchObject({ invoices: [], totalDue: 0, onlinePayment: null });
    const sessions = stripe.sessions.size;
    expect((await payAll(token).expect(409)).body.error).toBe(STATEMENT_MESSAGES.nothingOwed);
    expect(stripe.sessions.size).toBe(sessions);
  });

  it('when no provider is on, then the page offers no payment and paying answers 409', async () => {
    const clientId = (await createClient(t.app, b)).id;
    await createIssuedInvoice(t.app, b, clientId);
    const { token } = await statementLink(b, clientId);
    expect((await statement(token).expect(200)).body.data).toMatchObject({ totalDue: 379.2, onlinePayment: null });
    expect((await payAll(token).expect(409)).body.error).toBe(STATEMENT_MESSAGES.notAvailable);
  });

  it("when the body is wrong or the client is another account's, then 400 or 404 and nothing is made", async () => {
    const { clientId } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    for (const body of [{ provider: 'paypal' }, { provider: 'stripe', extra: 1 }]) expect((await payAll(token, body)).status).toBe(400);
    const before = await rowsOf(sql`select id, revoked_at from statement_links order by id`);
    await request(t.app).post(`/api/clients/${clientId}/statement-link`).set(b.auth).expect(404);
    await request(t.app).delete(`/api/clients/${clientId}/statement-link`).set(b.auth).expect(404);
    await request(t.app).post(`/api/clients/not-an-id/statement-link`).set(a.auth).expect(400);
    await request(t.app).post(`/api/clients/${clientId}/statement-link`).expect(401);
    expect(await rowsOf(sql`select id, revoked_at from statement_links order by id`)).toEqual(before);
    await statement(token).expect(200);
  });
});
