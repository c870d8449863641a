import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createModules } from '../../composition.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, approvedQuote, createClient, getBinary, invoiceBody } from '../../../test/document-fixtures.ts';
import { addDays, londonDay } from '../../lib/clock.ts';

/** issue 34, points 1 and 2: payment terms set due dates; an invoice due before its issue date is not issued. */
let t: TestApp;
let user: TestUser;
let standardClient: string;
let quickClient: string;

const NOW = '2030-03-02T10:00:00Z';
const today = '2030-03-02';

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1 } });
  user = await registerUser(t.app);
  await request(t.app)
    .post('/api/company')
    .set(user.auth)
    .send(sampleCompany({ terms: 'Thank you for your business.', paymentTermsDays: 14 }))
    .expect(201);
  standardClient = (await createClient(t.app, user, { name: 'Standard Homes' })).id;
  quickClient = (await createClient(t.app, user, { name: 'Quick Pay Ltd', paymentTermsDays: 7 })).id;
});
afterAll(() => t.close());

const withoutDue = (clientId: string) => {
  const { dueDate: _ignored, ...body } = invoiceBody(clientId);
  return body;
};
const post = (path: string, body: object) => {
  t.setNow(NOW);
  return request(t.app).post(`/api${path}`).set(user.auth).send(body);
};

describe('payment terms (docs/product.md, "Payment terms")', () => {
  it('when the company and a client have terms, then they answer them and bad terms are refused', async () => {
    const company = (await request(t.app).get('/api/company').set(user.auth).expect(200)).body.data;
    expect(company.paymentTermsDays).toBe(14);
    const quick = (await request(t.app).get(`/api/clients/${quickClient}`).set(user.auth).expect(200)).body.data;
    expect(quick.paymentTermsDays).toBe(7);
    const standard = (await request(t.app).get(`/api/clients/${standardClient}`).set(user.auth).expect(200)).body.data;
    expect(standard).not.toHaveProperty('paymentTermsDays');
    for (const bad of [-1, 366, 1.5, '14']) {
      const res = await request(t.app)
        .put('/api/company')
        .set(user.auth)
        .send(sampleCompany({ paymentTermsDays: bad }));
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error).toBe('Payment terms must be a whole number of days from 0 to 365');
    }
    // A new account's company without terms has the default 30.
    const fresh = await registerUser(t.app);
    expect((await request(t.app).post('/api/company').set(fresh.auth).send(sampleCompany()).expect(201)).body.data.paymentTermsDays).toBe(30);
  });

  it("when an invoice is created, copied or made from a quote without a due date, then it is due after the client's terms, else the company's", async () => {
    expect((await post('/invoices', withoutDue(standardClient))).body.data.dueDate).toBe(addDays(today, 14));
    const quick = (await post('/invoices', withoutDue(quickClient))).body.data;
    expect(quick.dueDate).toBe(addDays(today, 7));
    expect((await post(`/invoices/${quick.id}/duplicate`, {})).body.data.dueDate).toBe(addDays(today, 7));
    // A date given still wins.
    expect((await post('/invoices', { ...withoutDue(quickClient), dueDate: '2030-06-30' })).body.data.dueDate).toBe('2030-06-30');

    t.setNow(null);
    const full = await approvedQuote(t.app, user, quickClient);
    expect((await post(`/invoices/from-quote/${full.id}`, {})).body.data.dueDate).toBe(addDays(today, 7));
    t.setNow(null);
    const staged = await approvedQuote(t.app, user, standardClient);
    for (const body of [{ type: 'DEPOSIT', percent: 30 }, { type: 'STAGE', percent: 30 }, { type: 'FINAL' }]) {
      const res = await post(`/quotes/${staged.id}/invoices`, body);
      expect(res.status, body.type).toBe(201);
      expect(res.body.data.dueDate, body.type).toBe(addDays(today, 14));
      // Issued before the next: a final waits for the quote's drafts.
      if (body.type !== 'FINAL') expect((await request(t.app).patch(`/api/invoices/${res.body.data.id}/send`).set(user.auth)).status).toBe(200);
    }
  });

  it("when a recurring invoice has no days of its own, then each invoice follows the client's terms on its issue day", async () => {
    t.setNow(NOW);
    const schedule = (clientId: string, dueDays?: number) =>
      request(t.app)
        .post('/api/recurring-invoices')
        .set(user.auth)
        .send({
          clientId,
          lineItems: [{ description: 'Service', quantity: 1, unitPrice: 80 }],
          frequency: 'MONTHLY',
          startDate: today,
          autoSend: false,
          ...(dueDays === undefined ? {} : { dueDays }),
        });
    const byTerms = (await schedule(quickClient)).body.data;
    expect(byTerms.dueDays).toBeNull();
    const ownDays = (await schedule(quickClient, 21)).body.data;
    expect(ownDays.dueDays).toBe(21);
    const recurring = createModules(t.ctx).recurring;
    await recurring.sweep();
    const issued = async (id: string) => {
      const r = (await request(t.app).get(`/api/recurring-invoices/${id}`).set(user.auth).expect(200)).body.data;
      return (await request(t.app).get(`/api/invoices/${r.invoices[0].id}`).set(user.auth).expect(200)).body.data.dueDate as string;
    };
    expect(await issued(byTerms.id)).toBe(addDays(today, 7));
    expect(await issued(ownDays.id)).toBe(addDays(today, 21));
    t.setNow(null);
  });

  it('when the terms text does not name the days, then the invoice PDF prints "Payment due within N days"; when it does, not twice', async () => {
    t.setNow(null);
    const inv = (await request(t.app).post('/api/invoices').set(user.auth).send(withoutDue(standardClient)).expect(201)).body.data;
    const text = async () => {
      const res = await getBinary(t.app, user, `/api/invoices/${inv.id}/preview`);
      expect(res.status).toBe(200);
      return execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.body as Buffer })
        .toString('utf8')
        .replace(/\s+/g, ' ');
    };
    const printed = await text();
    expect(printed).toContain('Payment due within 14 days.');
    expect(printed).toContain('Thank you for your business.');
    await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(sampleCompany({ terms: 'Payment within 14 days of the invoice date.', paymentTermsDays: 14 }))
      .expect(200);
    const once = await text();
    expect(once).not.toContain('Payment due within');
    expect(once).toContain('Payment within 14 days of the invoice date.');
  });
});

describe('a due date before the issue date (issue 34.2)', () => {
  it('when an invoice due before its issue date is issued, then 409 names both dates and it stays a draft; fixed, it issues', async () => {
    t.setNow(null);
    const inv = (
      await request(t.app)
        .post('/api/invoices')
        .set(user.auth)
        .send({ ...withoutDue(standardClient), dueDate: '2020-01-20' })
        .expect(201)
    ).body.data;
    // The issue date is the day the invoice is dated (its creation, Europe/London), as its PDF prints.
    const issueDay = londonDay(new Date(inv.createdAt)).split('-').reverse().join('/');
    const res = await act(t.app, user, 'invoices', inv.id, 'send');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`The due date (20/01/2020) is before the issue date (${issueDay}): change the due date, then issue the invoice`);
    expect((await request(t.app).get(`/api/invoices/${inv.id}`).set(user.auth)).body.data.status).toBe('DRAFT');
    // Sharing a draft issues it too: refused the same way.
    expect((await request(t.app).post(`/api/invoices/${inv.id}/share`).set(user.auth)).status).toBe(409);
    await request(t.app)
      .put(`/api/invoices/${inv.id}`)
      .set(user.auth)
      .send({ ...withoutDue(standardClient), dueDate: '2099-01-31' })
      .expect(200);
    expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
  });
});
