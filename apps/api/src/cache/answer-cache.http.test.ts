import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../test/document-fixtures.ts';
import { keptAnswers, users } from '../db/schema.ts';
import { countStatements } from '../../test/count-statements.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
});
afterAll(() => t.close());

const text = async (u: TestUser, path: string): Promise<string> => {
  const res = await request(t.app).get(path).set(u.auth);
  expect(res.status, path).toBe(200);
  return res.text;
};
const keptRows = (u: TestUser) => t.ctx.db.select().from(keptAnswers).where(eq(keptAnswers.userId, u.id));
/** The page worked out from the documents now: nothing kept for it. */
const workedOut = async (u: TestUser, path: string) => {
  await t.ctx.db.delete(keptAnswers).where(eq(keptAnswers.userId, u.id));
  return text(u, path);
};
// The invoice list has none: its invoices are kept one by one (docs/product.md, "Kept invoice answers").
const FIRST_PAGES = ['/api/quotes?limit=20', '/api/clients?limit=20'];

describe('the first page of each list is kept per account version (docs/product.md, "Kept answers")', () => {
  it('when a first page is asked for again with nothing changed, then the kept text is sent; other pages are worked out', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { name: 'Kept Client Ltd' });
    await createInvoice(t.app, u, c.id);
    await createQuote(t.app, u, c.id);
    for (const path of FIRST_PAGES) await text(u, path);
    await text(u, '/api/invoices?limit=20');
    expect((await keptRows(u)).map((r) => r.name).sort()).toEqual(['clients-20', 'quotes-20']);
    // Mark the kept texts: the first pages come back marked, every other page does not.
    for (const row of await keptRows(u)) {
      await t.ctx.db
        .update(keptAnswers)
        .set({ body: row.body.replaceAll('Kept Client Ltd', 'Marked Client Ltd') })
        .where(and(eq(keptAnswers.userId, u.id), eq(keptAnswers.name, row.name)));
    }
    for (const path of FIRST_PAGES) expect(await text(u, path), path).toContain('Marked Client Ltd');
    for (const path of [
      '/api/invoices?limit=21',
      '/api/invoices?limit=20&status=DRAFT',
      '/api/quotes?limit=20&q=Kept',
      '/api/clients?limit=20&q=Kept',
      `/api/invoices?limit=20&clientId=${c.id}`,
    ]) {
      expect(await text(u, path), path).not.toContain('Marked Client Ltd');
    }
  });

  it('when documents, payments or clients change, then each first page is the one worked out now', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    let invoiceId = '';
    let quoteId = '';
    const changes: [string, () => Promise<unknown>][] = [
      [
        'an invoice',
        async () => (invoiceId = (await createInvoice(t.app, u, c.id, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: 90 }], tax: 0 })).id),
      ],
      ['sent', () => act(t.app, u, 'invoices', invoiceId, 'send')],
      ['paid in part', () => request(t.app).post(`/api/invoices/${invoiceId}/payments`).set(u.auth).send({ amount: 40 })],
      ['a quote', async () => (quoteId = (await createQuote(t.app, u, c.id)).id)],
      ['the quote sent', () => act(t.app, u, 'quotes', quoteId, 'send')],
      [
        'the client renamed',
        () =>
          request(t.app)
            .put(`/api/clients/${c.id}`)
            .set(u.auth)
            .send({ ...editable(c), name: 'Renamed For Lists Ltd' }),
      ],
      ['a second client', () => createClient(t.app, u, { name: 'Second Client Ltd' })],
    ];
    for (const path of FIRST_PAGES) await text(u, path);
    for (const [what, change] of changes) {
      await change();
      for (const path of FIRST_PAGES) {
        const served = await text(u, path);
        expect(served, `${what}: ${path}`).toBe(await workedOut(u, path));
      }
    }
    expect(await text(u, FIRST_PAGES[0]!)).toContain('Renamed For Lists Ltd');
  });

  it("when another account asks for its first page, then it never gets this account's kept text", async () => {
    const u = await registerUser(t.app);
    await createQuote(t.app, u, (await createClient(t.app, u, { name: 'Owner Only Ltd' })).id);
    expect(await text(u, FIRST_PAGES[0]!)).toContain('Owner Only Ltd');
    const other = await registerUser(t.app);
    expect(await text(other, FIRST_PAGES[0]!)).not.toContain('Owner Only Ltd');
  });
});

describe('a kept answer checks the session in the same query', () => {
  const KEPT = [...FIRST_PAGES, '/api/dashboard'];

  it('when a first page or the dashboard is kept, then asking again is one database statement and the same bytes', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { name: 'One Statement Ltd' });
    await createInvoice(t.app, u, c.id);
    await createQuote(t.app, u, c.id);
    for (const path of KEPT) {
      const first = await text(u, path); // worked out and kept
      let again = '';
      const statements = await countStatements(t.ctx.db, async () => {
        again = await text(u, path);
      });
      expect(statements, path).toBe(1);
      expect(again, path).toBe(first);
    }
  });

  it('when the session is signed out or the user deleted, then a kept answer is refused with 401, never sent', async () => {
    const u = await registerUser(t.app);
    await createClient(t.app, u, { name: 'Signed Out Ltd' });
    for (const path of KEPT) await text(u, path);
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, u.id));
    for (const path of KEPT) {
      const res = await request(t.app).get(path).set(u.auth);
      expect(res.status, path).toBe(401);
      expect(res.text, path).not.toContain('Signed Out Ltd');
    }
    await t.ctx.db.update(users).set({ tokenVersion: 0 }).where(eq(users.id, u.id));
    for (const path of KEPT) expect(await text(u, path), path).toContain('"success":true');
    await t.ctx.db.delete(users).where(eq(users.id, u.id));
    for (const path of KEPT) expect((await request(t.app).get(path).set(u.auth)).status, path).toBe(401);
  });

  it('when nothing is kept, then the miss checks the session and reads the version once: worked out, kept and sent in three statements', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { name: 'Three Statements Ltd' });
    await createInvoice(t.app, u, c.id);
    for (const path of FIRST_PAGES) {
      await t.ctx.db.delete(keptAnswers).where(eq(keptAnswers.userId, u.id));
      let served = '';
      const statements = await countStatements(t.ctx.db, async () => {
        served = await text(u, path);
      });
      // the one-query read (session and version), the page, the keep: no second session or version read
      expect(statements, path).toBe(3);
      expect(served, path).toBe(await workedOut(u, path));
    }
  });

  it('when an answer worked out on a miss is kept, then the next write still makes the next read work it out again', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { name: 'Before The Write Ltd' });
    await createQuote(t.app, u, c.id);
    const path = FIRST_PAGES[0]!;
    const before = await text(u, path); // a miss: worked out and kept under the version the miss read
    expect((await keptRows(u)).map((r) => r.name)).toContain('quotes-20');
    await request(t.app)
      .put(`/api/clients/${c.id}`)
      .set(u.auth)
      .send({ ...editable(c), name: 'After The Write Ltd' });
    const after = await text(u, path);
    expect(before).toContain('Before The Write Ltd');
    expect(after).toContain('After The Write Ltd');
    expect(after).not.toContain('Before The Write Ltd');
    expect(after).toBe(await workedOut(u, path));
  });

  it('when a miss finds the session signed out, then the answer is 401 and nothing is worked out or kept', async () => {
    const u = await registerUser(t.app);
    await createClient(t.app, u, { name: 'Signed Out Miss Ltd' });
    await t.ctx.db.delete(keptAnswers).where(eq(keptAnswers.userId, u.id));
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, u.id));
    for (const path of KEPT) expect((await request(t.app).get(path).set(u.auth)).status, path).toBe(401);
    expect(await keptRows(u)).toEqual([]);
  });

  it('when a kept path is asked for without a token or with a bad list parameter, then the answers are as before (401, 400)', async () => {
    const u = await registerUser(t.app);
    for (const path of KEPT) await text(u, path);
    for (const path of KEPT) expect((await request(t.app).get(path)).status, path).toBe(401);
    expect((await request(t.app).get('/api/invoices?limit=0').set(u.auth)).status).toBe(400);
    expect((await request(t.app).get('/api/invoices?limit=20&status=NOPE').set(u.auth)).status).toBe(400);
  });
});

/** What a client's PUT takes: its answer without the fields the server owns (bodies are strict). */
function editable(client: object): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = client as Record<string, unknown>;
  return fields;
}

describe('each kept answer moves with what it shows, not with every write (migration 0053)', () => {
  const KEPT: Record<string, string> = { quotes: '/api/quotes?limit=20', clients: '/api/clients?limit=20', dashboard: '/api/dashboard' };
  /** Marks every kept answer of `u` (each names the client): an answer still kept after a write comes back marked. */
  const markKept = async (u: TestUser) => {
    for (const path of Object.values(KEPT)) expect(await text(u, path), path).toMatch(/Mark(er|ed) Client Ltd/);
    for (const row of await keptRows(u)) {
      await t.ctx.db
        .update(keptAnswers)
        .set({ body: row.body.replaceAll('Marker Client Ltd', 'Marked Client Ltd') })
        .where(and(eq(keptAnswers.userId, u.id), eq(keptAnswers.name, row.name)));
    }
  };
  /** An account whose three kept answers each name its client. */
  const accountNamingMarker = async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { name: 'Marker Client Ltd' });
    await createQuote(t.app, u, c.id);
    const invoice = await createInvoice(t.app, u, c.id);
    return { u, c, invoice };
  };
  const stillKept = async (u: TestUser) =>
    Object.fromEntries(await Promise.all(Object.entries(KEPT).map(async ([kind, path]) => [kind, (await text(u, path)).includes('Marked Client Ltd')])));

  it('when a client is added, then only the client list is worked out again, and it shows the client', async () => {
    const { u } = await accountNamingMarker();
    await markKept(u);
    await createClient(t.app, u, { name: 'Newly Added Ltd' });
    expect(await stillKept(u)).toEqual({ quotes: true, clients: false, dashboard: true });
    expect(await text(u, KEPT.clients!)).toContain('Newly Added Ltd');
  });

  it('when an invoice is written or paid, then the quote and client lists stay kept and the dashboard is worked out again', async () => {
    const { u, c, invoice } = await accountNamingMarker();
    const writes: [string, () => Promise<unknown>][] = [
      ['an invoice', () => createInvoice(t.app, u, c.id)],
      ['sent', () => act(t.app, u, 'invoices', invoice.id, 'send')],
      ['paid in part', () => request(t.app).post(`/api/invoices/${invoice.id}/payments`).set(u.auth).send({ amount: 40 }).expect(201)],
    ];
    for (const [what, write] of writes) {
      await markKept(u);
      await write();
      expect(await stillKept(u), what).toEqual({ quotes: true, clients: true, dashboard: false });
    }
  });

  it('when a client is renamed, then every kept answer is worked out again', async () => {
    const { u, c } = await accountNamingMarker();
    await markKept(u);
    await request(t.app)
      .put(`/api/clients/${c.id}`)
      .set(u.auth)
      .send({ ...editable(c), name: 'Renamed Everywhere Ltd' })
      .expect(200);
    expect(await stillKept(u)).toEqual({ quotes: false, clients: false, dashboard: false });
    for (const path of Object.values(KEPT)) expect(await text(u, path), path).toContain('Renamed Everywhere Ltd');
  });

  it("when invoices made from a quote are written, sent, paid or credited, then the quote list's first page is the one worked out now", async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const quote = await createQuote(t.app, u, c.id, { lineItems: [{ description: 'Rewire', quantity: 1, unitPrice: 100 }], tax: 0 });
    await act(t.app, u, 'quotes', quote.id, 'send');
    await act(t.app, u, 'quotes', quote.id, 'approve');
    let depositId = '';
    let finalId = '';
    const steps: [string, () => Promise<unknown>][] = [
      [
        'a deposit invoice',
        async () =>
          (depositId = (await request(t.app).post(`/api/quotes/${quote.id}/invoices`).set(u.auth).send({ type: 'DEPOSIT', percent: 50 }).expect(201)).body.data
            .id),
      ],
      ['the deposit sent', () => act(t.app, u, 'invoices', depositId, 'send')],
      ['the deposit paid in full', () => request(t.app).post(`/api/invoices/${depositId}/payments`).set(u.auth).send({ amount: 50 }).expect(201)],
      [
        'the final invoice',
        async () => (finalId = (await request(t.app).post(`/api/quotes/${quote.id}/invoices`).set(u.auth).send({ type: 'FINAL' }).expect(201)).body.data.id),
      ],
      ['the final sent', () => act(t.app, u, 'invoices', finalId, 'send')],
      [
        'the final credited in part',
        () =>
          request(t.app)
            .post(`/api/invoices/${finalId}/credit-notes`)
            .set(u.auth)
            .send({ reason: 'Less work', lineItems: [{ description: 'Refund', quantity: 1, unitPrice: 10 }] })
            .expect(201),
      ],
    ];
    let before = await text(u, KEPT.quotes!);
    for (const [what, step] of steps) {
      await step();
      const served = await text(u, KEPT.quotes!);
      expect(served, what).not.toBe(before);
      expect(served, what).toBe(await workedOut(u, KEPT.quotes!));
      before = served;
    }
  });
});
