import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';

// A search runs one limited query per matched field (number, client name, lines) and merges
// them; these walk several pages where matches alternate between fields, with a status filter.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (items: { id: string }[]) => items.map((i) => i.id);

async function walk(u: TestUser, path: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const res: request.Response = await request(t.app)
      .get(`${path}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      .set(u.auth);
    expect(res.status).toBe(200);
    seen.push(...ids(res.body.data.items));
    cursor = res.body.data.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging did not end');
}

describe('paged search', () => {
  it.each(['quotes', 'invoices'])(
    'when %s match by client name or line description in turn and are paged by 2, then each match appears once, newest first',
    async (kind) => {
      const u = await registerUser(t.app);
      const zed = await createClient(t.app, u, { name: 'Zed Roofing' });
      const other = await createClient(t.app, u, { name: 'Other' });
      const create = kind === 'quotes' ? createQuote : createInvoice;
      const line = (description: string) => ({ lineItems: [{ description, quantity: 1, unitPrice: 10 }] });
      const expected: string[] = [];
      const onlyOther: string[] = [];
      // Zed's own documents match by name and by line, so without the client filter inside each
      // field's query they would crowd Other's matches out of a page.
      for (let i = 0; i < 18; i++) {
        const byName = i % 3 === 0;
        const byLine = i % 3 !== 2;
        const doc = await create(t.app, u, byName ? zed.id : other.id, line(byLine ? `Zed tiles ${i}` : `Gutter ${i}`));
        if (byLine) expected.unshift(doc.id);
        if (byLine && !byName) onlyOther.unshift(doc.id);
      }
      const all = ids((await request(t.app).get(`/api/${kind}?q=zed`).set(u.auth)).body.data.items);
      expect(all).toEqual(expected);
      expect(await walk(u, `/api/${kind}?q=zed`, 2)).toEqual(expected);
      expect(await walk(u, `/api/${kind}?q=zed&status=DRAFT`, 2)).toEqual(expected);
      expect(await walk(u, `/api/${kind}?q=zed&clientId=${other.id}`, 2)).toEqual(onlyOther);
    },
  );
});
