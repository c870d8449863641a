import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, type TestApp } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(null));
afterAll(() => t.close());

const line = (unitPrice: number) => ({ lineItems: [{ description: 'Work', quantity: 1, unitPrice }], tax: 0 });

describe('GET /api/dashboard', () => {
  it('when the user has nothing, then zeros and empty lists', async () => {
    const u = await registerUser(t.app);
    const res = await request(t.app).get('/api/dashboard').set(u.auth);
    expect(res.status).toBe(200);
    const noAged = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 };
    expect(res.body.data).toEqual({
      totalInvoiced: 0,
      outstanding: 0,
      activeQuotes: 0,
      activeInvoices: 0,
      overdueAmount: 0,
      receivedThisMonth: 0,
      aged: noAged,
      recentQuotes: [],
      recentInvoices: [],
    });
  });

  it('when documents are in every status, then the figures follow docs/product.md "Dashboard" and only count mine', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const draft = await createInvoice(t.app, u, c.id, line(100.1)); // DRAFT
    const sent = await createInvoice(t.app, u, c.id, line(200.2)); // SENT
    const overdue = await createInvoice(t.app, u, c.id, { ...line(300.3), dueDate: '2030-01-01' }); // OVERDUE
    const paid = await createInvoice(t.app, u, c.id, line(400.4)); // PAID
    await act(t.app, u, 'invoices', sent.id, 'send');
    await act(t.app, u, 'invoices', overdue.id, 'send');
    await act(t.app, u, 'invoices', paid.id, 'send');
    await act(t.app, u, 'invoices', paid.id, 'pay');
    const qDraft = await createQuote(t.app, u, c.id);
    const qSent = await createQuote(t.app, u, c.id);
    const qApproved = await createQuote(t.app, u, c.id);
    const qDeclined = await createQuote(t.app, u, c.id);
    await act(t.app, u, 'quotes', qSent.id, 'send');
    for (const [q, end] of [
      [qApproved, 'approve'],
      [qDeclined, 'decline'],
    ] as const) {
      await act(t.app, u, 'quotes', q.id, 'send');
      await act(t.app, u, 'quotes', q.id, end);
    }
    const other = await registerUser(t.app);
    await createInvoice(t.app, other, (await createClient(t.app, other)).id, line(999));
    t.setNow('2030-01-15T12:00:00Z');

    const res = await request(t.app).get('/api/dashboard').set(u.auth);
    expect(res.body.data).toMatchObject({
      totalInvoiced: 1001, // 100.10 + 200.20 + 300.30 + 400.40
      outstanding: 500.5, // SENT + OVERDUE
      activeQuotes: 2, // DRAFT + SENT
      activeInvoices: 2, // SENT + OVERDUE
    });
    expect(res.body.data.recentInvoices.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [paid.id, 'PAID'],
      [overdue.id, 'OVERDUE'],
      [sent.id, 'SENT'],
      [draft.id, 'DRAFT'],
    ]);
    expect(res.body.data.recentQuotes.map((q: { id: string }) => q.id)).toEqual([qDeclined.id, qApproved.id, qSent.id, qDraft.id]);
    expect(res.body.data.recentQuotes[0]).toMatchObject({ client: { id: c.id, name: c.name }, lineItems: expect.any(Array) });
  });

  it('when there are more than five of each, then only the five newest', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const quotes = [];
    const invoices = [];
    for (let i = 0; i < 7; i++) {
      quotes.push(await createQuote(t.app, u, c.id));
      invoices.push(await createInvoice(t.app, u, c.id));
    }
    const res = await request(t.app).get('/api/dashboard').set(u.auth);
    expect(res.body.data.recentQuotes.map((q: { id: string }) => q.id)).toEqual(
      quotes
        .slice(2)
        .reverse()
        .map((q) => q.id),
    );
    expect(res.body.data.recentInvoices.map((q: { id: string }) => q.id)).toEqual(
      invoices
        .slice(2)
        .reverse()
        .map((q) => q.id),
    );
    expect(res.body.data.activeQuotes).toBe(7);
    expect(res.body.data.totalInvoiced).toBe(2654.4);
  });
});
