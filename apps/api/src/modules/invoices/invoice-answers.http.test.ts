import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../app.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice } from '../../../test/document-fixtures.ts';
import { countStatements } from '../../../test/count-statements.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
});
afterAll(() => t.close());

const text = async (app: Parameters<typeof request>[0], u: TestUser, path: string): Promise<string> => {
  const res = await request(app).get(path).set(u.auth);
  expect(res.status, path).toBe(200);
  return res.text;
};
const ok = async (res: PromiseLike<request.Response>, what: string) => {
  const r = await res;
  expect(r.status, `${what}: ${r.text}`).toBeLessThan(300);
  return r.body.data;
};

describe('invoice answers kept per invoice (docs/product.md, "Kept invoice answers")', () => {
  it('when anything an invoice answer shows changes, then lists and the invoice answer what a process that kept nothing answers', async () => {
    const u = await registerUser(t.app);
    await ok(request(t.app).post('/api/company').set(u.auth).send(sampleCompany()), 'company');
    const c = await createClient(t.app, u, { name: 'Kept Answers Ltd', isBusiness: false });
    const other = await createClient(t.app, u, { name: 'Other Client Ltd' });
    const first = await createInvoice(t.app, u, c.id);
    const second = await createInvoice(t.app, u, other.id);
    let paymentId = '';
    const paths = [
      '/api/invoices?limit=50',
      '/api/invoices?limit=1',
      '/api/invoices?limit=50&sort=total&order=desc',
      '/api/invoices?limit=50&status=OVERDUE',
      `/api/invoices?limit=50&clientId=${c.id}`,
      '/api/invoices?limit=50&q=Kept',
      `/api/invoices/${first.id}`,
      `/api/invoices/${second.id}`,
    ];
    const changes: [string, () => Promise<unknown>][] = [
      ['nothing', async () => {}],
      [
        'lines edited',
        () =>
          ok(
            request(t.app)
              .put(`/api/invoices/${first.id}`)
              .set(u.auth)
              .send({ clientId: c.id, dueDate: '2030-01-31', tax: 20, lineItems: [{ description: 'Boiler service', quantity: 3, unitPrice: 95 }] }),
            'edit',
          ),
      ],
      ['sent', () => ok(act(t.app, u, 'invoices', first.id, 'send'), 'send')],
      [
        'paid in part',
        async () => {
          const inv = await ok(request(t.app).post(`/api/invoices/${first.id}/payments`).set(u.auth).send({ amount: 40 }), 'payment');
          paymentId = inv.payments[0].id;
        },
      ],
      [
        'client renamed',
        () =>
          ok(
            request(t.app).put(`/api/clients/${c.id}`).set(u.auth).send({ name: 'Renamed Answers Ltd', email: 'renamed@example.co.uk', isBusiness: true }),
            'client',
          ),
      ],
      ['member renamed', () => ok(request(t.app).patch('/api/auth/me').set(u.auth).send({ name: 'Pat Payments' }), 'member')],
      ['a day later: overdue', async () => t.setNow('2030-02-20T12:00:00Z')],
      [
        'base rate changed',
        () =>
          ok(
            request(t.app)
              .put('/api/company')
              .set(u.auth)
              .send(sampleCompany({ baseRatePercent: 7.5 })),
            'base rate',
          ),
      ],
      [
        'credited',
        () =>
          ok(
            request(t.app)
              .post(`/api/invoices/${first.id}/credit-notes`)
              .set(u.auth)
              .send({ reason: 'Overcharged', lineItems: [{ description: 'Refund', quantity: 1, unitPrice: 10 }] }),
            'credit',
          ),
      ],
      ['payment removed', () => ok(request(t.app).delete(`/api/invoices/${first.id}/payments/${paymentId}`).set(u.auth), 'remove payment')],
    ];
    try {
      for (const [what, change] of changes) {
        // what this process keeps before the change
        for (const path of paths) await text(t.app, u, path);
        await change();
        // a new app on the same database keeps nothing yet: it builds every answer from the rows
        const fresh = createApp(t.ctx);
        for (const path of paths) expect(await text(t.app, u, path), `${what}: ${path}`).toBe(await text(fresh, u, path));
        if (what === 'member renamed') {
          const paid = JSON.parse(await text(t.app, u, `/api/invoices/${first.id}`)).data.payments[0];
          expect(paid.by.name).toBe('Pat Payments');
        }
      }
      // the changes showed: not a comparison of two answers that never moved
      const answer = JSON.parse(await text(t.app, u, `/api/invoices/${first.id}`)).data;
      expect(answer.client.name).toBe('Renamed Answers Ltd');
      expect(answer.status).toBe('OVERDUE');
      expect(answer.latePayment).not.toBeNull();
      expect(answer.creditNotes).toHaveLength(1);
      expect(answer.payments).toHaveLength(0);
    } finally {
      t.setNow(null);
    }
  });

  it('when a list is read again with nothing changed, then one statement answers it; after a payment here, still one; after one in another process, one more reads that invoice alone', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const invoices: { id: string }[] = [];
    for (let i = 0; i < 3; i++) invoices.push(await createInvoice(t.app, u, c.id));
    await ok(act(t.app, u, 'invoices', invoices[0]!.id, 'send'), 'send');
    const path = '/api/invoices?limit=50&sort=total';
    const before = await text(t.app, u, path);
    expect(await countStatements(t.ctx.db, () => text(t.app, u, path))).toBe(1);
    // the payment's own answer kept the invoice as it is now
    await ok(request(t.app).post(`/api/invoices/${invoices[0]!.id}/payments`).set(u.auth).send({ amount: 5 }), 'payment');
    let after = '';
    expect(await countStatements(t.ctx.db, async () => (after = await text(t.app, u, path)))).toBe(1);
    expect(after).not.toBe(before);
    expect(JSON.parse(after).data.items.find((i: { id: string }) => i.id === invoices[0]!.id).amountPaid).toBe(5);
    // another process on the same database: this one has not seen the invoice's new answer
    await ok(request(createApp(t.ctx)).post(`/api/invoices/${invoices[0]!.id}/payments`).set(u.auth).send({ amount: 7 }), 'payment elsewhere');
    let later = '';
    expect(await countStatements(t.ctx.db, async () => (later = await text(t.app, u, path)))).toBe(2);
    expect(JSON.parse(later).data.items.find((i: { id: string }) => i.id === invoices[0]!.id).amountPaid).toBe(12);
  });

  it('when a page of kept answers prints characters beyond ASCII, then it is sent as UTF-8 JSON, its length the bytes sent, and reads as the invoice answers', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { name: 'Zoë Łukasiewicz – Søn' });
    const description = 'Tiling (per m²) — “grey” £12 · 日本 🙂';
    const inv = await ok(
      request(t.app)
        .post('/api/invoices')
        .set(u.auth)
        .send({ clientId: c.id, tax: 20, lineItems: [{ description, quantity: 1, unitPrice: 12 }] }),
      'invoice',
    );
    for (const round of ['built', 'kept']) {
      const res = await request(t.app).get('/api/invoices?limit=50').set(u.auth);
      expect(res.status, round).toBe(200);
      expect(res.headers['content-type'], round).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length']), round).toBe(Buffer.byteLength(res.text));
      const one = await request(t.app).get(`/api/invoices/${inv.id}`).set(u.auth);
      expect(one.headers['content-type'], round).toBe('application/json; charset=utf-8');
      expect(res.body.data.items, round).toEqual([one.body.data]);
      expect(res.body.data.items[0].client.name, round).toBe('Zoë Łukasiewicz – Søn');
      expect(res.body.data.items[0].lineItems[0].description, round).toBe(description);
    }
  });

  it("when another account asks for an invoice by id, then it is not found, even once the owner's answer is kept", async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const c = await createClient(t.app, owner);
    const inv = await createInvoice(t.app, owner, c.id);
    await text(t.app, owner, `/api/invoices/${inv.id}`);
    expect((await request(t.app).get(`/api/invoices/${inv.id}`).set(stranger.auth)).status).toBe(404);
    expect(JSON.parse(await text(t.app, stranger, '/api/invoices?limit=50')).data.items).toEqual([]);
  });
});
