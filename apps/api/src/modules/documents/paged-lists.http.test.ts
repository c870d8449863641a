import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(null));
afterAll(() => t.close());

const ids = (items: { id: string }[]) => items.map((i) => i.id);

/** Walk every page of a list, answering the ids in order. */
async function walk(u: TestUser, path: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const sep = path.includes('?') ? '&' : '?';
    const res: request.Response = await request(t.app)
      .get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      .set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.items.length).toBeLessThanOrEqual(limit);
    seen.push(...ids(res.body.data.items));
    cursor = res.body.data.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging did not end');
}

describe('paged lists', () => {
  it.each(['quotes', 'invoices'])('when %s are created at once and paged by 7, then every one appears once in list order', async (kind) => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    await Promise.all(Array.from({ length: 30 }, () => (kind === 'quotes' ? createQuote(t.app, u, c.id) : createInvoice(t.app, u, c.id))));
    const full = (await request(t.app).get(`/api/${kind}`).set(u.auth)).body.data;
    expect(full).toHaveLength(30);
    expect(await walk(u, `/api/${kind}`, 7)).toEqual(ids(full));
  });

  it('when events are paged, then every one appears once, newest first', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 5; i++) {
      await request(t.app)
        .post('/api/calendar')
        .set(u.auth)
        .send({ title: `E${i}`, startDate: '2030-01-01T09:00:00Z', endDate: '2030-01-01T10:00:00Z' });
    }
    const full = (await request(t.app).get('/api/calendar').set(u.auth)).body.data;
    expect(await walk(u, '/api/calendar', 2)).toEqual(ids(full));
  });

  it('when a page is asked for, then {items, nextCursor} with lines and nested client', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const q = await createQuote(t.app, u, c.id);
    const res = await request(t.app).get('/api/quotes?limit=50').set(u.auth);
    expect(res.body.data).toEqual({ items: [q], nextCursor: null });
  });

  it.each([
    ['limit=101', 'limit must be 100 or less'],
    ['limit=0', 'limit must be at least 1'],
    ['cursor=bogus', 'Invalid cursor'],
    ['status=LOST', 'Status must be one of DRAFT, SENT, APPROVED, DECLINED'],
    ['clientId=nope', 'Invalid id'],
  ])('when quotes are asked for with %s, then 400 %s', async (query, message) => {
    const u = await registerUser(t.app);
    const res = await request(t.app).get(`/api/quotes?${query}`).set(u.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('when quotes are filtered by status and client, then only matching ones', async () => {
    const u = await registerUser(t.app);
    const a = await createClient(t.app, u, { name: 'Alpha' });
    const b = await createClient(t.app, u, { name: 'Beta' });
    const draftA = await createQuote(t.app, u, a.id);
    const sentA = await createQuote(t.app, u, a.id);
    const sentB = await createQuote(t.app, u, b.id);
    await act(t.app, u, 'quotes', sentA.id, 'send');
    await act(t.app, u, 'quotes', sentB.id, 'send');
    const get = async (q: string) => ids((await request(t.app).get(`/api/quotes?${q}`).set(u.auth)).body.data.items);
    expect(await get('status=SENT')).toEqual([sentB.id, sentA.id]);
    expect(await get('status=DRAFT')).toEqual([draftA.id]);
    expect(await get(`clientId=${a.id}`)).toEqual([sentA.id, draftA.id]);
    expect(await get(`clientId=${a.id}&status=SENT`)).toEqual([sentA.id]);
  });

  it('when invoices are filtered by status, then OVERDUE finds the late ones and SENT excludes them', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const late = await createInvoice(t.app, u, c.id, { dueDate: '2030-01-10' });
    const onTime = await createInvoice(t.app, u, c.id, { dueDate: '2030-03-10' });
    const draft = await createInvoice(t.app, u, c.id, { dueDate: '2030-01-10' });
    const paid = await createInvoice(t.app, u, c.id, { dueDate: '2030-01-10' });
    for (const inv of [late, onTime, paid]) await act(t.app, u, 'invoices', inv.id, 'send');
    await act(t.app, u, 'invoices', paid.id, 'pay');
    t.setNow('2030-02-01T12:00:00Z');
    const get = async (s: string) => (await request(t.app).get(`/api/invoices?status=${s}`).set(u.auth)).body.data.items;
    const overdue = await get('OVERDUE');
    expect(ids(overdue)).toEqual([late.id]);
    expect(overdue[0].status).toBe('OVERDUE');
    expect(ids(await get('SENT'))).toEqual([onTime.id]);
    expect(ids(await get('DRAFT'))).toEqual([draft.id]);
    expect(ids(await get('PAID'))).toEqual([paid.id]);
  });

  it('when searching, then number, client name and line description match, case-insensitively, and wildcards are literal', async () => {
    const u = await registerUser(t.app);
    const plumber = await createClient(t.app, u, { name: 'Mario Plumbing' });
    const sparks = await createClient(t.app, u, { name: 'Sparks Ltd' });
    const q1 = await createQuote(t.app, u, plumber.id, { lineItems: [{ description: 'Boiler service', quantity: 1, unitPrice: 80 }] });
    const q2 = await createQuote(t.app, u, sparks.id, { lineItems: [{ description: 'Fuse board 100% tested', quantity: 1, unitPrice: 300 }] });
    const search = async (q: string) =>
      ids(
        (
          await request(t.app)
            .get(`/api/quotes?q=${encodeURIComponent(q)}`)
            .set(u.auth)
        ).body.data.items,
      );
    expect(await search('mario')).toEqual([q1.id]);
    expect(await search('BOILER')).toEqual([q1.id]);
    expect(await search(q2.quoteNumber)).toEqual([q2.id]);
    expect(await search('100%')).toEqual([q2.id]);
    expect(await search('%')).toEqual([q2.id]);
    expect(await search('_')).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
  });

  it('when searching invoices and events, then number, client name, line description and title match', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { name: 'Zed Roofing' });
    const other = await createClient(t.app, u, { name: 'Other' });
    const draft = await createInvoice(t.app, u, c.id, { lineItems: [{ description: 'Slate repair', quantity: 1, unitPrice: 50 }] });
    // Numbered at issue: the search by number finds the issued invoice.
    const inv = (await request(t.app).patch(`/api/invoices/${draft.id}/send`).set(u.auth)).body.data;
    await createInvoice(t.app, u, other.id);
    const find = async (path: string) => ids((await request(t.app).get(path).set(u.auth)).body.data.items);
    expect(await find('/api/invoices?q=zed')).toEqual([inv.id]);
    expect(await find('/api/invoices?q=slate')).toEqual([inv.id]);
    expect(await find(`/api/invoices?q=${inv.invoiceNumber}`)).toEqual([inv.id]);
    const event = (
      await request(t.app)
        .post('/api/calendar')
        .set(u.auth)
        .send({ title: 'Survey', clientId: c.id, status: 'COMPLETED', startDate: '2030-01-01T09:00:00Z', endDate: '2030-01-01T10:00:00Z' })
    ).body.data;
    await request(t.app).post('/api/calendar').set(u.auth).send({ title: 'Lunch', startDate: '2030-01-01T12:00:00Z', endDate: '2030-01-01T13:00:00Z' });
    expect(await find('/api/calendar?q=survey')).toEqual([event.id]);
    expect(await find('/api/calendar?q=zed')).toEqual([event.id]);
    expect(await find(`/api/calendar?clientId=${c.id}`)).toEqual([event.id]);
    expect(await find('/api/calendar?status=COMPLETED')).toEqual([event.id]);
  });

  it("when filtering by another user's client, then nothing of theirs leaks", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const theirs = await createClient(t.app, other);
    await createQuote(t.app, other, theirs.id);
    const res = await request(t.app).get(`/api/quotes?clientId=${theirs.id}`).set(u.auth);
    expect(res.body.data).toEqual({ items: [], nextCursor: null });
  });
});
