import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Row {
  id: string;
  quoteNumber?: string;
  invoiceNumber?: string;
  client: { name: string };
  total: number;
  createdAt: string;
}

/** Every page of a sorted list, in order. */
async function walk(u: TestUser, path: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const res: request.Response = await request(t.app)
      .get(`${path}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      .set(u.auth);
    expect(res.status).toBe(200);
    rows.push(...(res.body.data.items as Row[]));
    cursor = res.body.data.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('paging did not end');
}

const PRICES = [30, 10, 50, 20, 40, 10, 60];
const NAMES = ['delta Roofing', 'Alpha Builders', 'charlie Plumbing'];

describe.each(['quotes', 'invoices'] as const)('sorted %s lists', (kind) => {
  let u: TestUser;
  let made: Row[];
  beforeAll(async () => {
    u = await registerUser(t.app);
    const clients = [];
    for (const name of NAMES) clients.push(await createClient(t.app, u, { name }));
    made = [];
    for (const [i, price] of PRICES.entries()) {
      const body = { lineItems: [{ description: `Job ${i}`, quantity: 1, unitPrice: price }] };
      const clientId = clients[i % clients.length]!.id;
      made.push((kind === 'quotes' ? await createQuote(t.app, u, clientId, body) : await createInvoice(t.app, u, clientId, body)) as Row);
    }
  });
  const number = (r: Row) => r.quoteNumber ?? r.invoiceNumber ?? '';

  it('when sorted by total ascending and paged by 3, then every document appears once, cheapest first', async () => {
    const rows = await walk(u, `/api/${kind}?sort=total&order=asc`, 3);
    expect(rows.map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort());
    expect(rows.map((r) => r.total)).toEqual([...made.map((r) => r.total)].sort((a, b) => a - b));
  });

  it('when sorted by total descending, by number, by client (case-insensitive) or oldest first, then that order holds', async () => {
    expect((await walk(u, `/api/${kind}?sort=total&order=desc`, 4)).map((r) => r.total)).toEqual([...made.map((r) => r.total)].sort((a, b) => b - a));
    expect((await walk(u, `/api/${kind}?sort=number`, 5)).map(number)).toEqual(made.map(number));
    expect((await walk(u, `/api/${kind}?sort=number&order=desc`, 5)).map(number)).toEqual(made.map(number).reverse());
    const byClient = (await walk(u, `/api/${kind}?sort=client`, 2)).map((r) => r.client.name);
    expect(byClient).toEqual([...byClient].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(byClient[0]).toBe('Alpha Builders');
    expect((await walk(u, `/api/${kind}?sort=date&order=asc`, 3)).map((r) => r.id)).toEqual(made.map((r) => r.id));
  });

  it('when sorted and searched, then only matches come, in the sorted order', async () => {
    const rows = await walk(u, `/api/${kind}?sort=total&order=desc&q=alpha`, 1);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.client.name === 'Alpha Builders')).toBe(true);
    expect(rows.map((r) => r.total)).toEqual([...rows.map((r) => r.total)].sort((a, b) => b - a));
    const byClient = await walk(u, `/api/${kind}?sort=client&q=job`, 2);
    expect(byClient.map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort());
    expect(byClient.map((r) => r.client.name.toLowerCase())).toEqual(byClient.map((r) => r.client.name.toLowerCase()).sort());
  });

  it('when no sort is given, then the answer is unchanged: newest first with a keyset cursor; sort=date&order=desc is the same', async () => {
    const plain = (await request(t.app).get(`/api/${kind}?limit=3`).set(u.auth)).body.data;
    const dated = (await request(t.app).get(`/api/${kind}?limit=3&sort=date&order=desc`).set(u.auth)).body.data;
    expect(plain).toEqual(dated);
    expect(plain.items.map((r: Row) => r.id)).toEqual(
      made
        .slice(-3)
        .reverse()
        .map((r) => r.id),
    );
  });

  it('when sort, order or an offset cursor is bad, then 400 with a clear message', async () => {
    const bad = async (query: string) => (await request(t.app).get(`/api/${kind}?${query}`).set(u.auth)).body;
    expect(await bad('sort=price')).toMatchObject({ success: false, error: 'Sort must be one of date, number, client, total' });
    expect(await bad('sort=total&order=up')).toMatchObject({ success: false, error: 'Order must be asc or desc' });
    expect(await bad(`sort=total&cursor=${Buffer.from('@-1').toString('base64url')}`)).toMatchObject({ success: false, error: 'Invalid cursor' });
  });
});
