import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { STATEMENT_MESSAGES } from '@docket/schemas/online-payment';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createIssuedInvoice, getBinary, pdfTextOf } from '../../../test/document-fixtures.ts';
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
    expect(page.onlinePayment).toEqual({ providers: ['stripe'], surcharges: [] });
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

/** Pays everything on a fresh three-invoice statement and waits for it to be recorded. */
async function paidStatement() {
  const made = await threeInvoices();
  const { token } = await statementLink(a, made.clientId);
  const { redirectUrl } = (await payAll(token).expect(200)).body.data;
  const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
  await stripe.succeed(session.id);
  await drained();
  await receiptsOf(session.payment_intent!);
  return { ...made, token, pi: session.payment_intent! };
}
type OutboxMessage = { kind: string; subject: string; to: string[]; textBody: string };
const outbox = async () => (await request(t.app).get('/api/email/outbox').set(a.auth).expect(200)).body.data as OutboxMessage[];
/** The receipts naming `reference`, once one is there: a receipt is written after the event's commit, which `drained` waits for. */
const receiptsOf = async (reference: string) => {
  const named = async () => (await outbox()).filter((m) => m.kind === 'receipt' && m.textBody.includes(reference));
  await expect.poll(async () => (await named()).length, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
  return named();
};
const historyOf = async (id: string) =>
  (await request(t.app).get(`/api/invoices/${id}/history`).set(a.auth).expect(200)).body.data as Array<{ action: string; summary: string }>;

describe('the receipt of a statement payment', () => {
  it('when a statement payment succeeds, then the client gets one receipt listing each invoice paid and its share, and the business is notified of each', async () => {
    const { oldest, middle, newest, pi } = await paidStatement();
    // one message names these invoices: the statement's receipt, not one per invoice
    const receipts = (await outbox()).filter((m) => m.kind === 'receipt' && [oldest, middle, newest].some((i) => m.textBody.includes(i.invoiceNumber)));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.to).toEqual(['statement@acme.example']);
    expect(receipt!.subject).toBe('Payment received for 3 invoices');
    expect(receipt!.textBody).toContain('payment of £1,037.60 for your statement');
    expect(receipt!.textBody).toContain(`Invoice ${oldest.invoiceNumber}: £379.20 (balance now due: £0.00)`);
    expect(receipt!.textBody).toContain(`Invoice ${middle.invoiceNumber}: £279.20 (balance now due: £0.00)`);
    expect(receipt!.textBody).toContain(`Invoice ${newest.invoiceNumber}: £379.20 (balance now due: £0.00)`);
    expect(receipt!.textBody).toContain(`Reference: ${pi}`);
    expect(receipt!.textBody.indexOf(oldest.invoiceNumber)).toBeLessThan(receipt!.textBody.indexOf(newest.invoiceNumber));
    for (const inv of [oldest, middle, newest]) {
      expect((await historyOf(inv.id)).some((h) => h.action === 'emailed' && h.summary.startsWith('Receipt to statement@acme.example'))).toBe(true);
    }
    const notes = (await request(t.app).get('/api/notifications').query({ limit: 100 }).set(a.auth).expect(200)).body.data.items as Array<{ summary: string }>;
    for (const inv of [oldest, middle, newest]) expect(notes.some((n) => n.summary.startsWith(`${inv.invoiceNumber} was paid online`))).toBe(true);
  });

  it('when the statement webhook repeats, then no second receipt is written', async () => {
    const { pi } = await paidStatement();
    const count = async () => (await outbox()).filter((m) => m.kind === 'receipt' && m.textBody.includes(pi)).length;
    expect(await count()).toBe(1);
    const event = stripe.sent.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    for (let i = 0; i < 3; i++) await stripe.resend(event.id);
    await drained();
    expect(await count()).toBe(1);
  });

  it('when less arrives than was owed, then the receipt lists only what was paid and what each invoice still owes', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const { redirectUrl } = (await payAll(token).expect(200)).body.data;
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    session.amount_total = 60000;
    await stripe.succeed(session.id);
    await drained();
    const [receipt] = await receiptsOf(session.payment_intent!);
    if (!receipt) throw new Error('no receipt');
    expect(receipt.subject).toBe('Payment received for 2 invoices');
    expect(receipt.textBody).toContain(`Invoice ${oldest.invoiceNumber}: £379.20 (balance now due: £0.00)`);
    expect(receipt.textBody).toContain(`Invoice ${middle.invoiceNumber}: £220.80 (balance now due: £58.40)`);
    expect(receipt.textBody).not.toContain(newest.invoiceNumber);
  });
});

describe('the receipt when nothing was left to pay', () => {
  it('when every invoice was paid another way before the money arrived, then one receipt says it is kept as credit and names no invoice, and the business is told', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const { redirectUrl } = (await payAll(token).expect(200)).body.data;
    for (const [inv, amount] of [
      [oldest, 379.2],
      [middle, 279.2],
      [newest, 379.2],
    ] as const) {
      await request(t.app).post(`/api/invoices/${inv.id}/payments`).set(a.auth).send({ amount, method: 'BANK_TRANSFER', reference: 'Cheque' }).expect(201);
    }
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    await stripe.succeed(session.id);
    await drained();
    const receipts = await receiptsOf(session.payment_intent!);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Payment received');
    expect(receipts[0]!.textBody).toContain('Kept as a credit on your account: £1,037.60');
    expect(receipts[0]!.textBody).not.toContain('It paid:');
    // The business is told too: on the statement's newest invoice and in the bell.
    const told = (h: { action: string; summary: string }) => h.action === 'credit kept' && h.summary.startsWith('£1,037.60 received through Stripe');
    expect((await historyOf(newest.id)).filter(told)).toHaveLength(1);
    const notes = (await request(t.app).get('/api/notifications').query({ limit: 100 }).set(a.auth).expect(200)).body.data.items as Array<{
      kind: string;
      summary: string;
    }>;
    expect(notes.filter((n) => n.kind === 'credit kept' && n.summary.includes(session.payment_intent!))).toHaveLength(1);
  });
});

describe('a refund of a statement payment made at the provider', () => {
  const refundsOf = (reference: string) =>
    rowsOf<{ invoice_id: string; amount_pence: number }>(
      sql`select invoice_id, amount_pence::int as amount_pence from payments where reference = ${reference} and amount_pence < 0 order by invoice_id`,
    );
  const byInvoice = (rows: { invoice_id: string; amount_pence: number }[]) => {
    const out: Record<string, number> = {};
    for (const r of rows) out[r.invoice_id] = (out[r.invoice_id] ?? 0) + r.amount_pence;
    return out;
  };

  it('when the whole payment is refunded, then each invoice gets its share back as a negative payment and is open again', async () => {
    const { oldest, middle, newest, pi } = await paidStatement();
    const refund = await stripe.refund(pi, 103760);
    await drained();
    expect(byInvoice(await refundsOf(refund.id))).toEqual({ [oldest.id]: -37920, [middle.id]: -27920, [newest.id]: -37920 });
    expect((await invoiceOf(oldest.id)).status).toBe('SENT');
    expect((await invoiceOf(oldest.id)).balanceDue).toBe(379.2);
    expect((await invoiceOf(middle.id)).balanceDue).toBe(279.2);
    expect((await invoiceOf(newest.id)).balanceDue).toBe(379.2);
    expect((await historyOf(middle.id)).some((h) => h.action === 'refund recorded' && h.summary.includes('£279.20'))).toBe(true);
  });

  it('when part is refunded twice, then the newest allocation gives back first, and the second part continues on the next', async () => {
    const { oldest, middle, newest, pi } = await paidStatement();
    const first = await stripe.refund(pi, 50000);
    await drained();
    expect(byInvoice(await refundsOf(first.id))).toEqual({ [newest.id]: -37920, [middle.id]: -12080 });
    expect((await invoiceOf(oldest.id)).status).toBe('PAID');
    expect((await invoiceOf(middle.id)).balanceDue).toBe(120.8);
    expect((await invoiceOf(newest.id)).balanceDue).toBe(379.2);
    const second = await stripe.refund(pi, 20000);
    await drained();
    expect(byInvoice(await refundsOf(second.id))).toEqual({ [middle.id]: -15840, [oldest.id]: -4160 });
    expect((await invoiceOf(middle.id)).balanceDue).toBe(279.2);
    expect((await invoiceOf(oldest.id)).balanceDue).toBe(41.6);
  });

  it('when refund webhooks repeat, come under another event id, or arrive before the payment, then each refund is spread once', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const { redirectUrl } = (await payAll(token).expect(200)).body.data;
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    session.payment_intent = `pi_early_statement_${clientId.slice(0, 8)}`;
    // the refund first (out of order): it waits for its payment
    const refund = await stripe.refund(session.payment_intent, 40000);
    await expect
      .poll(async () => (await rowsOf<{ attempts: number }>(sql`select attempts from provider_events where processed_at is null`))[0]?.attempts ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await stripe.succeed(session.id);
    // The payment is recorded before the clock moves: the clock is then frozen, so a refund tried
    // again before the payment (PostgreSQL takes the events in parallel) would wait for ever.
    await expect.poll(async () => (await paymentsOf(session.payment_intent!)).length, { timeout: 15_000, interval: 100 }).toBe(3);
    t.setNow(new Date(Date.now() + 10 * 60_000));
    try {
      await drained();
    } finally {
      t.setNow(null);
    }
    const refundEvent = stripe.sent.find((e) => e.type === 'refund.created' && e.body.includes(`"id":"${refund.id}"`))!;
    for (let i = 0; i < 5; i++) await stripe.resend(refundEvent.id);
    await stripe.sendEvent('refund.updated', refund);
    await drained();
    const rows = await refundsOf(refund.id);
    expect(rows).toHaveLength(2);
    expect(byInvoice(rows)).toEqual({ [newest.id]: -37920, [middle.id]: -2080 });
    expect((await invoiceOf(oldest.id)).status).toBe('PAID');
  });

  it("when one invoice's share was refunded from its page first, then a refund at the provider gives back only what is left, newest first", async () => {
    const { oldest, middle, newest, pi } = await paidStatement();
    const [share] = (await request(t.app).get(`/api/invoices/${newest.id}/online-payments`).set(a.auth).expect(200)).body.data as Array<{ paymentId: string }>;
    await request(t.app).post(`/api/invoices/${newest.id}/payments/${share!.paymentId}/refund`).set(a.auth).send({ amount: 379.2 }).expect(200);
    await drained();
    const refund = await stripe.refund(pi, 30000);
    await drained();
    expect(byInvoice(await refundsOf(refund.id))).toEqual({ [middle.id]: -27920, [oldest.id]: -2080 });
    expect((await invoiceOf(newest.id)).balanceDue).toBe(379.2);
  });
});

describe('the pay link on the statement PDF', () => {
  const LINK = /https:\/\/docket\.example\/s\/([A-Za-z0-9_-]{22})/;
  const statementPdf = async (u: TestUser, clientId: string) => (await getBinary(t.app, u, `/api/clients/${clientId}/statement`).expect(200)).body as Buffer;

  it('when payments are on and the client owes, then the statement PDF prints a QR code and a short link that opens the statement and pays it', async () => {
    const { clientId } = await threeInvoices();
    const pdf = await statementPdf(a, clientId);
    const dir = mkdtempSync(join(tmpdir(), 'statement-pdf-'));
    try {
      writeFileSync(join(dir, 'statement.pdf'), pdf);
      expect(execFileSync('qpdf', ['--check', join(dir, 'statement.pdf')]).toString()).toContain('No syntax or stream encoding errors');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const text = pdfTextOf(pdf);
    expect(text).toMatch(/pay online/i);
    const code = LINK.exec(text)?.[1];
    expect(code, text).toBeDefined();
    // the same code on the next print; a new statement share does not revoke it
    await statementLink(a, clientId);
    expect(LINK.exec(pdfTextOf(await statementPdf(a, clientId)))?.[1]).toBe(code);
    expect((await statement(code!).expect(200)).body.data.totalDue).toBe(1037.6);
    const { redirectUrl } = (await payAll(code!).expect(200)).body.data;
    const session = stripe.sessions.get(sessionIdOf(redirectUrl))!;
    expect(session.success_url).toBe(`https://docket.example/s/${code}?payment=success`);
    await stripe.succeed(session.id);
    await drained();
    // settled: nothing owed, nothing printed
    expect(pdfTextOf(await statementPdf(a, clientId))).not.toMatch(/pay online/i);
  });

  it('when the statement link is revoked, then the printed code answers the 404 and the next print has a new one', async () => {
    const { clientId } = await threeInvoices();
    const code = LINK.exec(pdfTextOf(await statementPdf(a, clientId)))?.[1];
    await request(t.app).delete(`/api/clients/${clientId}/statement-link`).set(a.auth).expect(200);
    expect((await statement(code!).expect(404)).body.error).toBe(SHARE_MESSAGES.linkInvalid);
    const next = LINK.exec(pdfTextOf(await statementPdf(a, clientId)))?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(code);
  });

  it('when no provider is on, then the statement PDF prints no pay link and makes no code', async () => {
    const clientId = (await createClient(t.app, b)).id;
    await createIssuedInvoice(t.app, b, clientId);
    const text = pdfTextOf(await statementPdf(b, clientId));
    expect(text).not.toMatch(/pay online/i);
    expect(text).not.toContain('/s/');
    expect(await rowsOf(sql`select code from statement_pay_codes where client_id = ${clientId}`)).toHaveLength(0);
  });
});

describe('a surcharge on a statement payment', () => {
  it('when a card surcharge is on, then a business client sees it on the statement before paying, pays it as its own line, and each invoice is paid its balance; a consumer sees none and pays the total', async () => {
    await request(t.app).put('/api/company/payments/stripe/surcharge').set(a.auth).send({ percent: 1.5 }).expect(200);
    try {
      const consumer = await threeInvoices();
      const consumerLink = await statementLink(a, consumer.clientId);
      expect((await statement(consumerLink.token).expect(200)).body.data.onlinePayment).toEqual({ providers: ['stripe'], surcharges: [] });
      const plain = stripe.sessions.get(sessionIdOf((await payAll(consumerLink.token).expect(200)).body.data.redirectUrl))!;
      expect(plain.amount_total).toBe(103760);

      const clientId = (await createClient(t.app, a, { name: 'Tower Builders Ltd', email: 'ap@tower.example', isBusiness: true })).id;
      const first = (await createIssuedInvoice(t.app, a, clientId)) as { id: string; invoiceNumber: string };
      const second = (await createIssuedInvoice(t.app, a, clientId)) as { id: string; invoiceNumber: string };
      const { token } = await statementLink(a, clientId);
      const page = (await statement(token).expect(200)).body.data;
      expect(page.totalDue).toBe(758.4);
      // 1.5% of £758.40 = £11.376, half-up to the penny: said before paying, as the provider will charge it
      expect(page.onlinePayment).toEqual({ providers: ['stripe'], surcharges: [{ provider: 'stripe', percent: 1.5, amount: 11.38 }] });
      const session = stripe.sessions.get(sessionIdOf((await payAll(token).expect(200)).body.data.redirectUrl))!;
      expect(session.amount_total).toBe(75840 + 1138);
      expect(stripe.lineNames.get(session.id)?.[1]).toBe('Card surcharge');
      await stripe.succeed(session.id);
      await drained();
      const rows = await paymentsOf(session.payment_intent!);
      expect(rows.map((r) => [r.invoice_id, r.amount_pence])).toEqual(
        expect.arrayContaining([
          [first.id, 37920],
          [second.id, 37920],
        ]),
      );
      expect(rows).toHaveLength(2);
      for (const inv of [first, second]) expect((await invoiceOf(inv.id)).status).toBe('PAID');
      // the surcharge is the business's income: never kept as the client's credit
      expect(await rowsOf(sql`select 1 from client_credits where reference = ${session.payment_intent!}`)).toEqual([]);
      const [receipt] = await receiptsOf(session.payment_intent!);
      expect(receipt!.textBody).toContain('Card surcharge: £11.38');
    } finally {
      await request(t.app).put('/api/company/payments/stripe/surcharge').set(a.auth).send({ percent: 0 }).expect(200);
    }
  });
});

describe('a statement payment that does not complete', () => {
  it('when the page expires or the bank payment fails, then each open invoice of the statement records it in its timeline, the failure is notified once, and nothing is paid', async () => {
    const { clientId, oldest, middle, newest } = await threeInvoices();
    const { token } = await statementLink(a, clientId);
    const expired = stripe.sessions.get(sessionIdOf((await payAll(token).expect(200)).body.data.redirectUrl))!;
    expect(await stripe.expire(expired.id)).toBe(200);
    await drained();
    for (const inv of [oldest, middle, newest]) {
      expect(
        (await historyOf(inv.id)).filter((h) => h.summary === 'Online payment from the statement link through Stripe not completed: the payment page expired'),
      ).toHaveLength(1);
    }
    // Expired: the next click makes a new session, whose bank payment then fails.
    const failed = stripe.sessions.get(sessionIdOf((await payAll(token).expect(200)).body.data.redirectUrl))!;
    expect(failed.id).not.toBe(expired.id);
    expect(await stripe.fail(failed.id)).toBe(200);
    await drained();
    for (const inv of [oldest, middle, newest]) {
      expect(
        (await historyOf(inv.id)).filter((h) => h.summary === 'Online payment from the statement link through Stripe not completed: the bank payment failed'),
      ).toHaveLength(1);
      expect((await invoiceOf(inv.id)).status).not.toBe('PAID');
    }
    const notes = (await request(t.app).get('/api/notifications').query({ limit: 100 }).set(a.auth).expect(200)).body.data.items as Array<{
      kind: string;
      summary: string;
    }>;
    expect(
      notes.filter((n) => n.kind === 'online payment failed' && n.summary.startsWith(`An online payment from the statement link (${oldest.invoiceNumber} `)),
    ).toHaveLength(1);
    expect((await statement(token).expect(200)).body.data.totalDue).toBe(1037.6);
  });
});
