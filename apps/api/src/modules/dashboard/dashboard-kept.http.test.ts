import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';
import { accountVersions, keptAnswers } from '../../db/schema.ts';

const dashboardOf = (userId: string) => and(eq(keptAnswers.userId, userId), eq(keptAnswers.name, 'dashboard'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
});
afterEach(() => t.setNow(null));
afterAll(() => t.close());

const dashboardText = async (u: TestUser): Promise<string> => {
  const res = await request(t.app).get('/api/dashboard').set(u.auth);
  expect(res.status).toBe(200);
  return res.text;
};
/** The dashboard's version: the counters it watches (cache/kept-answer-topics.ts), summed. */
const versionOf = async (u: TestUser) => {
  const [row] = await t.ctx.db.select().from(accountVersions).where(eq(accountVersions.userId, u.id));
  return row ? row.version + row.invoicesVersion : 0;
};
/** What the dashboard says when nothing is kept: worked out from the documents now. */
const workedOut = async (u: TestUser): Promise<string> => {
  await t.ctx.db.delete(keptAnswers).where(dashboardOf(u.id));
  return dashboardText(u);
};

describe('the dashboard answer is kept per account version and day (docs/product.md, "Kept answers")', () => {
  it('when nothing has changed, then the kept answer is served as stored', async () => {
    const u = await registerUser(t.app);
    await createInvoice(t.app, u, (await createClient(t.app, u)).id);
    const first = await dashboardText(u);
    const [row] = await t.ctx.db.select().from(keptAnswers).where(dashboardOf(u.id));
    expect(`{"success":true,"data":${row!.body}}`).toBe(first);
    // A marked answer comes back as it is: the second request worked nothing out.
    const marked = row!.body.replace('"activeQuotes":0', '"activeQuotes":4321');
    await t.ctx.db.update(keptAnswers).set({ body: marked }).where(dashboardOf(u.id));
    expect(JSON.parse(await dashboardText(u)).data.activeQuotes).toBe(4321);
  });

  it('when anything it shows changes, then the next answer is the one worked out from the documents now', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const steps: [string, () => Promise<unknown>][] = [];
    let invoiceId = '';
    let quoteId = '';
    let paymentId = '';
    const ok = (res: { status: number }, status = 200) => expect(res.status).toBe(status);
    steps.push([
      'a draft invoice',
      async () => (invoiceId = (await createInvoice(t.app, u, c.id, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: 100 }], tax: 0 })).id),
    ]);
    steps.push([
      'its lines edited',
      async () =>
        ok(
          await request(t.app)
            .put(`/api/invoices/${invoiceId}`)
            .set(u.auth)
            .send({ clientId: c.id, lineItems: [{ description: 'More work', quantity: 2, unitPrice: 100 }], tax: 0, dueDate: '2031-01-31' }),
        ),
    ]);
    steps.push(['sent', async () => ok(await act(t.app, u, 'invoices', invoiceId, 'send'))]);
    steps.push([
      'a part payment',
      async () => {
        const res = await request(t.app).post(`/api/invoices/${invoiceId}/payments`).set(u.auth).send({ amount: 50 });
        ok(res, 201);
        paymentId = res.body.data.payments?.[0]?.id ?? res.body.data.id;
      },
    ]);
    steps.push(['the payment deleted', async () => ok(await request(t.app).delete(`/api/invoices/${invoiceId}/payments/${paymentId}`).set(u.auth))]);
    steps.push([
      'a credit note',
      async () =>
        ok(
          await request(t.app)
            .post(`/api/invoices/${invoiceId}/credit-notes`)
            .set(u.auth)
            .send({ reason: 'Overcharged', lineItems: [{ description: 'Refund', quantity: 1, unitPrice: 20 }] }),
          201,
        ),
    ]);
    steps.push([
      'the client renamed',
      async () =>
        ok(
          await request(t.app)
            .put(`/api/clients/${c.id}`)
            .set(u.auth)
            .send({ ...editable(c), name: 'Renamed Client Ltd' }),
        ),
    ]);
    steps.push(['a quote', async () => (quoteId = (await createQuote(t.app, u, c.id)).id)]);
    steps.push(['the quote sent', async () => ok(await act(t.app, u, 'quotes', quoteId, 'send'))]);
    steps.push([
      'another invoice sent',
      async () => {
        invoiceId = (await createInvoice(t.app, u, c.id, { lineItems: [{ description: 'Other', quantity: 1, unitPrice: 70 }], tax: 0 })).id;
        ok(await act(t.app, u, 'invoices', invoiceId, 'send'));
      },
    ]);
    steps.push([
      'that invoice voided',
      async () => ok(await request(t.app).patch(`/api/invoices/${invoiceId}/void`).set(u.auth).send({ reason: 'Wrong client' })),
    ]);
    steps.push(['a draft quote', async () => (quoteId = (await createQuote(t.app, u, c.id)).id)]);
    steps.push(['the draft quote deleted', async () => expect((await request(t.app).delete(`/api/quotes/${quoteId}`).set(u.auth)).status).toBeLessThan(300)]);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    let before = await dashboardText(u);
    for (const [what, change] of steps) {
      await change();
      const served = await dashboardText(u);
      expect(served, what).not.toBe(before);
      expect(served, what).toBe(await workedOut(u));
      before = served;
    }
    // The base rate shows only in an overdue invoice's late-payment figures, yet it moves the version too.
    const v = await versionOf(u);
    expect(
      (
        await request(t.app)
          .put('/api/company')
          .set(u.auth)
          .send(sampleCompany({ baseRatePercent: 5 }))
      ).status,
    ).toBe(200);
    expect(await versionOf(u)).toBe(v + 1);
  });

  it('when the day changes, then overdue and aged figures are worked out for the new day', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const inv = await createInvoice(t.app, u, c.id, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: 80 }], tax: 0, dueDate: '2031-03-10' });
    await act(t.app, u, 'invoices', inv.id, 'send');
    t.setNow('2031-03-10T12:00:00Z');
    expect(JSON.parse(await dashboardText(u)).data.overdueAmount).toBe(0);
    t.setNow('2031-03-11T12:00:00Z');
    const next = JSON.parse(await dashboardText(u)).data;
    expect(next.overdueAmount).toBe(80);
    expect(next.aged.days1to30).toBe(80);
  });

  it("when another account changes its documents, then this account's kept answer and version stay", async () => {
    const u = await registerUser(t.app);
    await createInvoice(t.app, u, (await createClient(t.app, u)).id);
    await dashboardText(u);
    const mine = await versionOf(u);
    const other = await registerUser(t.app);
    await createInvoice(t.app, other, (await createClient(t.app, other)).id);
    expect(await versionOf(u)).toBe(mine);
    expect(await t.ctx.db.select().from(keptAnswers).where(dashboardOf(u.id))).toHaveLength(1);
  });

  it('when a transaction writes many rows of one account, then the version moves once', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const before = await versionOf(u);
    // one invoice with twelve lines: one transaction, thirteen rows
    await createInvoice(t.app, u, c.id, { lineItems: Array.from({ length: 12 }, (_, i) => ({ description: `Line ${i}`, quantity: 1, unitPrice: 1 })), tax: 0 });
    expect(await versionOf(u)).toBe(before + 1);
  });

  it('when the account is deleted, then its kept answer and version go with it', async () => {
    const u = await registerUser(t.app);
    await createInvoice(t.app, u, (await createClient(t.app, u)).id);
    await dashboardText(u);
    const { accounts } = await import('../../db/schema.ts');
    await t.ctx.db.delete(accounts).where(eq(accounts.id, u.id));
    expect(await t.ctx.db.select().from(keptAnswers).where(dashboardOf(u.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(accountVersions).where(eq(accountVersions.userId, u.id))).toHaveLength(0);
  });
});

/** What a client's PUT takes: its answer without the fields the server owns (bodies are strict). */
function editable(client: object): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = client as Record<string, unknown>;
  return fields;
}
