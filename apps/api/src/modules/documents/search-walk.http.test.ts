import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createInvoice, createIssuedInvoice, createQuote } from '../../../test/document-fixtures.ts';
import { clients, invoiceLines, invoices, quoteLines, quotes } from '../../db/schema.ts';
import { queryRows } from '../../db/client.ts';
import { firstColumnStatement } from '../../db/unnamed-statement.ts';
import { likePattern } from '../../lib/pagination.ts';
import { documentSearchIds, type SearchedDocument } from './document-search.ts';
import { accountSizes, SEARCH_WALK_MAX_DOCUMENTS } from './account-sizes.ts';

// A small account's search walks its rows on a plan made once, matching without LIKE; a large one's
// is planned with its LIKE pattern. Both must find the same documents for any term.
let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  const zed = await createClient(t.app, u, { name: 'Zed Roofing' });
  const accented = await createClient(t.app, u, { name: 'Éclair Étanchéité' });
  const line = (description: string) => ({ lineItems: [{ description, quantity: 1, unitPrice: 10 }] });
  for (const [client, description] of [
    [zed.id, 'Zed tiles'],
    [zed.id, '50% deposit'],
    [accented.id, 'a_b fixings'],
    [accented.id, 'back\\slash bracket'],
    [accented.id, 'Crème paint'],
    [zed.id, 'Gutter CLEAN'],
  ] as const) {
    await createInvoice(t.app, u, client, line(description));
    await createIssuedInvoice(t.app, u, client, line(description));
    await createQuote(t.app, u, client, line(description));
  }
});
afterAll(() => t.close());

const documents: Record<'invoices' | 'quotes', SearchedDocument> = {
  invoices: { table: invoices, number: invoices.invoiceNumber, lines: invoiceLines, linesKey: invoiceLines.invoiceId },
  quotes: { table: quotes, number: quotes.quoteNumber, lines: quoteLines, linesKey: quoteLines.quoteId },
};

async function found(kind: keyof typeof documents, term: string, walk: boolean): Promise<string[]> {
  const doc = documents[kind];
  const match = walk ? { term: sql.placeholder('term') } : { pattern: sql.placeholder('pattern') };
  const ids = documentSearchIds(t.ctx.db, doc, sql.placeholder('userId'), [eq(doc.table.userId, sql.placeholder('userId'))], match, 50);
  return firstColumnStatement<string>(t.ctx.db, ids.getSQL())({ userId: u.id, term, pattern: likePattern(term) });
}

describe('a search walked or planned with its term', () => {
  const terms = [
    'zed',
    'ZED TILES',
    'roof',
    '50%',
    '%',
    'a_b',
    '_',
    'back\\slash',
    '\\',
    'éclair',
    'ÉTANCHÉ',
    'crème',
    'gutter clean',
    'INV',
    'inv000',
    'Q0',
    'nothing like it',
  ];
  it.each(['invoices', 'quotes'] as const)('when %s are searched for any term, then the walk finds the documents the LIKE pattern finds', async (kind) => {
    let matchedSome = 0;
    for (const term of terms) {
      const planned = await found(kind, term, false);
      expect(await found(kind, term, true), term).toEqual(planned);
      if (planned.length) matchedSome += 1;
    }
    // the terms are not all misses: the comparison says something
    expect(matchedSome).toBeGreaterThan(terms.length / 2);
  });

  it('when the walk is sent, then its text holds no LIKE, so it is prepared once (db/plan-each-time.mjs)', () => {
    const doc = documents.invoices;
    const ids = documentSearchIds(t.ctx.db, doc, sql.placeholder('userId'), [], { term: sql.placeholder('term') }, 50);
    const text = ids.toSQL().sql;
    expect(text).not.toMatch(/\slike\s/i);
    expect(text).toMatch(/strpos/);
  });
});

describe('a clients search walked', () => {
  it("when a small account's clients are searched for any term, then the answer holds the clients ILIKE finds, newest first", async () => {
    const v = await registerUser(t.app);
    for (const [name, email] of [
      ['Zed Roofing', 'zed@roof.example'],
      ['50% Off Ltd', 'half_price@shop.example'],
      ['Éclair Étanchéité', 'eclair@x.example'],
      ['Back\\slash & Co', 'b@x.example'],
    ])
      await createClient(t.app, v, { name, email });
    let matchedSome = 0;
    for (const term of ['zed', 'ROOF.EX', '50%', '%', 'half_p', '_', 'éclair', 'ÉTANCHÉ', 'back\\', '\\', '@x.example', 'nobody']) {
      const res = await request(t.app)
        .get(`/api/clients?limit=50&q=${encodeURIComponent(term)}`)
        .set(v.auth);
      expect(res.status).toBe(200);
      const expected = await queryRows<{ id: string }>(
        t.ctx.db,
        sql`select id from ${clients} where ${clients.userId} = ${v.id} and (name ilike ${likePattern(term)} or email ilike ${likePattern(term)}) order by created_at desc, id desc`,
      );
      expect(
        res.body.data.items.map((c: { id: string }) => c.id),
        term,
      ).toEqual(expected.map((r) => r.id));
      if (expected.length) matchedSome += 1;
    }
    expect(matchedSome).toBeGreaterThan(6);
  });
});

describe('account sizes', () => {
  it('when an account holds at most the walk size, then it is walked; past it, planned; and a size read is kept for minutes', async () => {
    let now = 0;
    const small = accountSizes(t.ctx.db, invoices, () => now);
    expect(await small(u.id)).toBe(true);
    // a larger account, written straight to the table (the size is all that is read)
    const big = await registerUser(t.app);
    const client = await createClient(t.app, big);
    const rows = Array.from({ length: SEARCH_WALK_MAX_DOCUMENTS + 1 }, () => ({
      userId: big.id,
      clientId: client.id,
      taxRateBp: 0,
      subtotalPence: 0,
      taxPence: 0,
      totalPence: 0,
      dueDate: '2026-12-31',
    }));
    const sizes = accountSizes(t.ctx.db, invoices, () => now);
    expect(await sizes(big.id)).toBe(true);
    await t.ctx.db.insert(invoices).values(rows);
    // still the size read a moment ago
    now += 60_000;
    expect(await sizes(big.id)).toBe(true);
    now += 5 * 60_000;
    expect(await sizes(big.id)).toBe(false);
  });
});
