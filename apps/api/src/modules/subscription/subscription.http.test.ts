import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleClient, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { approvedQuote, createClient, createInvoice, createQuote, invoiceBody, quoteBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(null));
afterAll(() => t.close());

const get = (u: TestUser, path: string) => request(t.app).get(`/api/subscription${path}`).set(u.auth);

describe('GET /api/subscription/*', () => {
  it('when plans are asked for, then FREE, PRO and UNLIMITED in GBP with annual = 10 x monthly and PRO popular', async () => {
    const u = await registerUser(t.app);
    const res = await get(u, '/plans');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['FREE', 'PRO', 'UNLIMITED']);
    for (const plan of Object.values(res.body.data) as { price: number; annualPrice: number; billing: string; features: object }[]) {
      expect(plan.annualPrice).toBe(plan.price * 10);
      expect(plan.billing).toBe('month');
      expect(Object.keys(plan.features).sort()).toEqual(
        ['hasBranding', 'hasCalendar', 'invoicesPerMonth', 'maxClients', 'quotesPerMonth', 'support', 'templates'].sort(),
      );
    }
    expect(res.body.data.PRO).toMatchObject({ name: 'Pro', popular: true, price: 12, annualPrice: 120 });
    expect(res.body.data.FREE.popular).toBe(false);
    expect(res.body.data.UNLIMITED.features.invoicesPerMonth).toBe(-1);
  });

  it('when usage is asked for, then this month counts from the database and a new month starts at zero quotes', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    await createClient(t.app, u, { name: 'Second' });
    await createQuote(t.app, u, c.id);
    await createQuote(t.app, u, c.id);
    await createInvoice(t.app, u, c.id);
    const now = new Date();
    const res = await get(u, '/usage');
    expect(res.body.data).toEqual({
      month: expect.stringMatching(/^\d{4}-\d{2}$/),
      quotesCount: 2,
      invoicesCount: 1,
      clientsCount: 2,
    });
    t.setNow(new Date(now.getTime() + 40 * 86_400_000));
    expect((await get(u, '/usage')).body.data).toMatchObject({ quotesCount: 0, invoicesCount: 0, clientsCount: 2 });
  });

  it('when info is asked for, then PRO, ACTIVE, limits, usage and the London month as the period', async () => {
    const u = await registerUser(t.app);
    t.setNow('2030-07-15T12:00:00Z');
    const res = await get(u, '/info');
    expect(res.body.data).toEqual({
      plan: 'PRO',
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodStart: '2030-06-30T23:00:00.000Z',
      currentPeriodEnd: '2030-07-31T23:00:00.000Z',
      limits: {
        invoicesPerMonth: 1000,
        quotesPerMonth: 1000,
        maxClients: 1000,
        templates: 10,
        hasBranding: true,
        hasCalendar: true,
        support: 'priority',
      },
      usage: { month: '2030-07', quotesCount: 0, invoicesCount: 0, clientsCount: 0 },
    });
  });

  it('when checks are asked for on PRO, then everything is allowed and all five templates are available', async () => {
    const u = await registerUser(t.app);
    for (const path of ['/can-create-invoice', '/can-create-quote', '/can-create-client', '/can-use-calendar', '/can-use-branding']) {
      expect((await get(u, path)).body.data).toEqual({ allowed: true });
    }
    expect((await get(u, '/available-templates')).body.data).toEqual(['modern', 'classic', 'minimal', 'professional', 'elegant']);
    expect((await get(u, '/plan-limits')).body.data).toMatchObject({ invoicesPerMonth: 1000, hasCalendar: true });
  });

  it('when there is no token, then 401', async () => {
    expect((await request(t.app).get('/api/subscription/info')).status).toBe(401);
  });
});

describe('plan limits (lowered)', () => {
  let lt: TestApp;
  beforeAll(async () => {
    lt = await createTestApp({
      planLimitOverrides: { quotesPerMonth: 2, invoicesPerMonth: 1, maxClients: 1, templates: 1, hasCalendar: false, hasBranding: false },
    });
  });
  afterAll(() => lt.close());

  it('when the quote limit is reached, then 403 with the spec text, nothing is created and can-create says no', async () => {
    const u = await registerUser(lt.app);
    const c = await createClient(lt.app, u);
    await createQuote(lt.app, u, c.id);
    await createQuote(lt.app, u, c.id);
    const res = await request(lt.app).post('/api/quotes').set(u.auth).send(quoteBody(c.id));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You have reached your plan limit for quotes this month. Upgrade your plan to create more.');
    expect((await request(lt.app).get('/api/quotes').set(u.auth)).body.data).toHaveLength(2);
    expect((await request(lt.app).get('/api/subscription/can-create-quote').set(u.auth)).body.data).toEqual({
      allowed: false,
      reason: 'You have reached your plan limit for quotes this month. Upgrade your plan to create more.',
    });
  });

  it('when the invoice limit is reached, then creating or converting answers 403', async () => {
    const u = await registerUser(lt.app);
    const c = await createClient(lt.app, u);
    await createInvoice(lt.app, u, c.id);
    const res = await request(lt.app).post('/api/invoices').set(u.auth).send(invoiceBody(c.id));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You have reached your plan limit for invoices this month. Upgrade your plan to create more.');
    const quote = await approvedQuote(lt.app, u, c.id);
    const convert = await request(lt.app).post(`/api/invoices/from-quote/${quote.id}`).set(u.auth).send({});
    expect(convert.status).toBe(403);
    expect((await request(lt.app).get('/api/invoices').set(u.auth)).body.data).toHaveLength(1);
    expect((await request(lt.app).get('/api/subscription/can-create-invoice').set(u.auth)).body.data.allowed).toBe(false);
  });

  it('when many creates race past the limit, then exactly the limit succeeds', async () => {
    const u = await registerUser(lt.app);
    const c = await createClient(lt.app, u);
    const results = await Promise.all(Array.from({ length: 10 }, () => request(lt.app).post('/api/quotes').set(u.auth).send(quoteBody(c.id))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, ...Array(8).fill(403)]);
    expect((await request(lt.app).get('/api/quotes').set(u.auth)).body.data).toHaveLength(2);
  });

  it('when many invoice creates race past the limit, then exactly the limit succeeds (counted by the insert under the counter lock)', async () => {
    const u = await registerUser(lt.app);
    const c = await createClient(lt.app, u);
    const results = await Promise.all(Array.from({ length: 8 }, () => request(lt.app).post('/api/invoices').set(u.auth).send(invoiceBody(c.id))));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(403)]);
    expect((await request(lt.app).get('/api/invoices').set(u.auth)).body.data).toHaveLength(1);
  });

  it('when the client limit is reached, then 403 for clients', async () => {
    const u = await registerUser(lt.app);
    await createClient(lt.app, u);
    const res = await request(lt.app).post('/api/clients').set(u.auth).send(sampleClient());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You have reached your plan limit for clients this month. Upgrade your plan to create more.');
  });

  it('when features are off, then can-use answers no with the panel text and one template remains', async () => {
    const u = await registerUser(lt.app);
    expect((await request(lt.app).get('/api/subscription/can-use-calendar').set(u.auth)).body.data).toEqual({
      allowed: false,
      reason: 'Calendar requires Pro plan',
    });
    expect((await request(lt.app).get('/api/subscription/can-use-branding').set(u.auth)).body.data).toEqual({
      allowed: false,
      reason: 'Custom branding requires Pro plan',
    });
    expect((await request(lt.app).get('/api/subscription/available-templates').set(u.auth)).body.data).toEqual(['modern']);
  });

  it("when one user is at the limit, then another user's creates are unaffected", async () => {
    const a = await registerUser(lt.app);
    const b = await registerUser(lt.app);
    const ca = await createClient(lt.app, a);
    const cb = await createClient(lt.app, b);
    await createInvoice(lt.app, a, ca.id);
    expect((await request(lt.app).post('/api/invoices').set(b.auth).send(invoiceBody(cb.id))).status).toBe(201);
  });
});
