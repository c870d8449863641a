import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app.ts';
import { createTestApp, joinAccount, registerUser, type TestApp, type TestUser } from '../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../test/document-fixtures.ts';
import { countStatements } from '../../test/count-statements.ts';
import { accounts, invoices, payments, users } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
});
afterAll(() => t.close());

const get = (u: TestUser, path: string, app = t.app) => request(app).get(path).set(u.auth);

/** An account with three clients, quotes and invoices (one sent and part paid), and the reads of it that are not kept answers. */
async function account() {
  const u = await registerUser(t.app);
  const clients: { id: string }[] = [];
  for (const name of ['Alpha Drains Ltd', 'Beta Sparks Ltd', 'Gamma Roofs Ltd']) clients.push(await createClient(t.app, u, { name }));
  const invoices: { id: string }[] = [];
  const quotes: { id: string }[] = [];
  for (const c of clients) {
    invoices.push(await createInvoice(t.app, u, c.id), await createInvoice(t.app, u, c.id));
    quotes.push(await createQuote(t.app, u, c.id));
  }
  await act(t.app, u, 'invoices', invoices[0]!.id, 'send');
  expect((await request(t.app).post(`/api/invoices/${invoices[0]!.id}/payments`).set(u.auth).send({ amount: 10 })).status).toBe(201);
  const page1 = await get(u, '/api/invoices?limit=2');
  const clientPage1 = await get(u, '/api/clients?limit=2');
  const reads = [
    `/api/invoices/${invoices[0]!.id}`,
    `/api/quotes/${quotes[1]!.id}`,
    `/api/clients/${clients[2]!.id}`,
    '/api/invoices?limit=20&status=DRAFT',
    '/api/invoices?limit=20&status=OVERDUE',
    `/api/invoices?limit=20&clientId=${clients[1]!.id}`,
    '/api/invoices?limit=20&q=Beta',
    '/api/invoices?limit=20&sort=total',
    '/api/invoices?limit=20&sort=client&order=asc',
    `/api/invoices?limit=2&cursor=${page1.body.data.nextCursor}`,
    '/api/quotes?limit=20&status=DRAFT',
    '/api/quotes?limit=20&q=Gamma',
    '/api/clients?limit=20&q=Sparks',
    `/api/clients?limit=2&cursor=${clientPage1.body.data.nextCursor}`,
    '/api/invoices',
    '/api/quotes',
  ];
  return { u, clients, invoices, quotes, reads };
}

describe('a read route checks the session in its own statement (issue 38)', () => {
  it('when an invoice, a quote or a client is read, or a list filtered, searched, sorted or paged, then one statement (two for a document search)', async () => {
    const { u, reads } = await account();
    for (const path of reads) {
      const first = await get(u, path); // PGlite prepares the statement on its first use
      expect(first.status, path).toBe(200);
      let again: request.Response | undefined;
      const statements = await countStatements(t.ctx.db, async () => {
        again = await get(u, path);
      });
      // a quote or invoice search finds its ids by its term first (documents/document-list-shape.ts, searchesByIds)
      const documentSearch = /^\/api\/(invoices|quotes)\?.*&q=/.test(path);
      expect(statements, path).toBe(documentSearch ? 2 : 1);
      expect(again!.text, path).toBe(first.text);
    }
  });

  it('when a search holds quotes, dollar signs, backslashes or LIKE wildcards, then it finds exactly what it names (values are never SQL)', async () => {
    const u = await registerUser(t.app);
    const odd = "O'Brien $v0$ \\ 50%_ Ltd";
    const c = await createClient(t.app, u, { name: odd });
    await createInvoice(t.app, u, c.id);
    await createClient(t.app, u, { name: 'Plain Ltd' });
    const q = (list: string, term: string) => get(u, `/api/${list}?limit=20&q=${encodeURIComponent(term)}`);
    for (const list of ['clients', 'invoices']) {
      for (const term of [odd, "O'Brien $v0$", '$v0$ \\', '50%_', '$v0']) {
        const res = await q(list, term);
        expect(res.status, `${list} ${term}`).toBe(200);
        expect(res.body.data.items.length, `${list} ${term}`).toBe(1);
      }
      for (const term of ["'); delete from users; --", '$v0$); delete from users; --', '5_%', '\\%']) {
        const res = await q(list, term);
        expect(res.status, `${list} ${term}`).toBe(200);
        expect(res.body.data.items, `${list} ${term}`).toEqual([]);
      }
    }
    expect((await get(u, '/api/clients?limit=20')).body.data.items).toHaveLength(2);
  });

  it('when an invoice or quote is not the account’s or does not exist, then 404 as before', async () => {
    const { u, invoices } = await account();
    const other = await registerUser(t.app);
    expect((await get(other, `/api/invoices/${invoices[0]!.id}`)).status).toBe(404);
    expect((await get(u, '/api/quotes/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(other, '/api/invoices?limit=20&q=Beta')).body.data.items).toEqual([]);
  });

  it('when the session is signed out everywhere, then the very next read of each is 401, also in another process on the same database', async () => {
    const { u, reads } = await account();
    // a second app on the same database: another API process behind the load balancer
    const other = createApp(t.ctx);
    for (const path of reads) expect((await get(u, path, other)).status, path).toBe(200);
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, u.id));
    for (const app of [t.app, other]) {
      for (const path of reads) {
        const res = await get(u, path, app);
        expect(res.status, path).toBe(401);
        expect(res.text, path).not.toContain('Beta');
      }
    }
    await t.ctx.db.delete(users).where(eq(users.id, u.id));
    for (const path of reads) expect((await get(u, path)).status, path).toBe(401);
  });

  it('when a member is removed or their role changed, then their next read is 401; an engineer is refused invoices (403) and reads quotes without prices', async () => {
    const { u, invoices, quotes } = await account();
    const office = await joinAccount(t.app, u, 'OFFICE');
    const accountant = await joinAccount(t.app, u, 'ACCOUNTANT');
    const engineer = await joinAccount(t.app, u, 'ENGINEER');
    const invoice = `/api/invoices/${invoices[0]!.id}`;
    const quote = `/api/quotes/${quotes[0]!.id}`;
    for (const m of [office, accountant])
      for (const path of [invoice, '/api/invoices?limit=20&status=DRAFT']) expect((await get(m, path)).status, path).toBe(200);

    expect((await get(engineer, invoice)).status).toBe(403);
    expect((await get(engineer, '/api/invoices?limit=20&status=DRAFT')).status).toBe(403);
    const hidden = await get(engineer, quote);
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).not.toHaveProperty('total');
    await t.ctx.db.update(accounts).set({ engineersSeePrices: true }).where(eq(accounts.id, u.id));
    expect((await get(engineer, quote)).body.data).toHaveProperty('total');

    expect((await request(t.app).delete(`/api/account/members/${office.id}`).set(u.auth)).status).toBe(200);
    expect((await get(office, invoice)).status).toBe(401);
    expect((await get(office, '/api/clients?limit=20&q=Sparks')).status).toBe(401);
    expect((await request(t.app).patch(`/api/account/members/${accountant.id}`).set(u.auth).send({ role: 'ENGINEER' })).status).toBe(200);
    expect((await get(accountant, invoice)).status).toBe(401);
    expect((await get(accountant, quote)).status).toBe(401);
  });

  it('when a request has no token, or a refused session and a bad parameter, then the session is refused first (401), as when it was checked first', async () => {
    const { u, invoices } = await account();
    expect((await request(t.app).get(`/api/invoices/${invoices[0]!.id}`)).status).toBe(401);
    expect((await get(u, '/api/invoices/not-a-uuid')).status).toBe(400);
    expect((await get(u, '/api/invoices?limit=20&cursor=forged')).status).toBe(400);
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, u.id));
    expect((await get(u, '/api/invoices/not-a-uuid')).status).toBe(401);
    expect((await get(u, '/api/invoices?limit=20&cursor=forged')).status).toBe(401);
    expect((await get(u, '/api/quotes?limit=0')).status).toBe(401);
  });
});

describe('a new invoice checks the session in its first read, before it writes (issue 38)', () => {
  const body = (clientId: string) => ({ clientId, lineItems: [{ description: 'Work', quantity: 1, unitPrice: 10 }], tax: 20 });
  const invoicesOf = async (accountId: string) => (await t.ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, accountId))).length;
  const post = (u: TestUser, data: unknown, app = t.app) =>
    request(app)
      .post('/api/invoices')
      .set(u.auth)
      .send(data as object);

  it('when the session is signed out, in this process or another, then the new invoice is 401 and nothing is written', async () => {
    const { u, clients } = await account();
    const other = createApp(t.ctx);
    expect((await post(u, body(clients[0]!.id), other)).status).toBe(201);
    const before = await invoicesOf(u.id);
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, u.id));
    for (const app of [t.app, other]) expect((await post(u, body(clients[0]!.id), app)).status).toBe(401);
    // refused first, as when the session was checked before the body: a bad body and a client not theirs
    expect((await post(u, { clientId: clients[0]!.id })).status).toBe(401);
    expect((await post(u, body('00000000-0000-4000-8000-000000000000'))).status).toBe(401);
    expect(await invoicesOf(u.id)).toBe(before);
  });

  it('when a member is removed, changed to a role without invoices, or is an accountant, then 401 or 403 and nothing is written; an office member creates', async () => {
    const { u, clients } = await account();
    const office = await joinAccount(t.app, u, 'OFFICE');
    const accountant = await joinAccount(t.app, u, 'ACCOUNTANT');
    const engineer = await joinAccount(t.app, u, 'ENGINEER');
    expect((await post(office, body(clients[0]!.id))).status).toBe(201);
    const before = await invoicesOf(u.id);
    expect((await post(accountant, body(clients[0]!.id))).status).toBe(403);
    expect((await post(engineer, body(clients[0]!.id))).status).toBe(403);
    expect((await request(t.app).patch(`/api/account/members/${office.id}`).set(u.auth).send({ role: 'ENGINEER' })).status).toBe(200);
    expect((await post(office, body(clients[0]!.id))).status).toBe(401);
    expect((await request(t.app).delete(`/api/account/members/${accountant.id}`).set(u.auth)).status).toBe(200);
    expect((await post(accountant, body(clients[0]!.id))).status).toBe(401);
    expect(await invoicesOf(u.id)).toBe(before);
  });

  it('when the client is another account’s, then 400 on the client as before; with no company profile, the spec’s defaults price it', async () => {
    const { u, clients } = await account();
    const stranger = await registerUser(t.app);
    const refused = await post(stranger, body(clients[0]!.id));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ clientId: 'Client is required' });
    const made = await post(u, body(clients[0]!.id));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ tax: 20, total: 12 });
  });
});

describe('a payment checks the session in the invoice’s locked read, before it writes (issue 38)', () => {
  const paymentsOf = async (invoiceId: string) => (await t.ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.invoiceId, invoiceId))).length;
  const pay = (u: TestUser, invoiceId: string, data: unknown = { amount: 1 }, app = t.app) =>
    request(app)
      .post(`/api/invoices/${invoiceId}/payments`)
      .set(u.auth)
      .send(data as object);

  it('when the session is signed out, in this process or another, then the payment is 401, before any other refusal, and nothing is written', async () => {
    const { u, invoices: made } = await account();
    const sent = made[0]!.id; // sent and part paid by account()
    const other = createApp(t.ctx);
    expect((await pay(u, sent, { amount: 1 }, other)).status).toBe(201);
    const before = await paymentsOf(sent);
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, u.id));
    for (const app of [t.app, other]) expect((await pay(u, sent, { amount: 1 }, app)).status).toBe(401);
    expect((await pay(u, sent, { amount: -1 })).status).toBe(401);
    expect((await pay(u, '00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await pay(u, 'not-a-uuid')).status).toBe(401);
    expect(await paymentsOf(sent)).toBe(before);
  });

  it('when a member is removed or their role changed, or an accountant or engineer pays, then 401 or 403 and nothing is written; an office member pays', async () => {
    const { u, invoices: made } = await account();
    const sent = made[0]!.id;
    const office = await joinAccount(t.app, u, 'OFFICE');
    const accountant = await joinAccount(t.app, u, 'ACCOUNTANT');
    const engineer = await joinAccount(t.app, u, 'ENGINEER');
    expect((await pay(office, sent)).status).toBe(201);
    const before = await paymentsOf(sent);
    expect((await pay(accountant, sent)).status).toBe(403);
    expect((await pay(engineer, sent)).status).toBe(403);
    expect((await request(t.app).patch(`/api/account/members/${office.id}`).set(u.auth).send({ role: 'ACCOUNTANT' })).status).toBe(200);
    expect((await pay(office, sent)).status).toBe(401);
    expect((await request(t.app).delete(`/api/account/members/${accountant.id}`).set(u.auth)).status).toBe(200);
    expect((await pay(accountant, sent)).status).toBe(401);
    expect(await paymentsOf(sent)).toBe(before);
  });

  it('when the invoice is another account’s, then 404 as before; a payment answers the invoice as a read of it does', async () => {
    const { u, invoices: made } = await account();
    const stranger = await registerUser(t.app);
    expect((await pay(stranger, made[0]!.id)).status).toBe(404);
    const paid = await pay(u, made[0]!.id, { amount: 2 });
    expect(paid.status).toBe(201);
    expect(paid.text).toBe((await get(u, `/api/invoices/${made[0]!.id}`)).text);
  });
});
