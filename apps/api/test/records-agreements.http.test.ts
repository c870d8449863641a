import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { STAGE_MESSAGES } from '@docket/schemas/stage-invoice';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from './test-app.ts';
import { act, createClient, createQuote, getBinary, pdfTextOf } from './document-fixtures.ts';

/**
 * Issue 30, points 1 to 4: agreed records cannot be bent (docs/product.md, "Invoicing a quote in
 * stages", "Converted quotes", "Client links"). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let t: TestApp;
let user: TestUser;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  alice = (await createClient(t.app, user, { name: 'Alice Signer', address: '1 Alice Road, Leeds' })).id;
  bob = (await createClient(t.app, user, { name: 'Bob Other', address: '9 Bob Street, York' })).id;
});
afterAll(() => t.close());

const lines = (unitPrice: number) => [{ description: 'Bathroom refit', quantity: 1, unitPrice }];
/** £1,000 + 20% VAT = £1,200 for Alice, approved. */
async function approved(unitPrice = 1000) {
  const quote = await createQuote(t.app, user, alice, { lineItems: lines(unitPrice), tax: 20 });
  await act(t.app, user, 'quotes', quote.id, 'send').expect(200);
  await act(t.app, user, 'quotes', quote.id, 'approve').expect(200);
  return quote as { id: string; quoteNumber: string };
}
const raise = (quoteId: string, body: object) => request(t.app).post(`/api/quotes/${quoteId}/invoices`).set(user.auth).send(body);
/** Raised and issued: a final waits for the quote's drafts (docs/product.md, "Document numbers"). */
const raiseIssued = async (quoteId: string, body: object) => {
  const made = await raise(quoteId, body).expect(201);
  return act(t.app, user, 'invoices', made.body.data.id, 'send').expect(200);
};
const edit = (quoteId: string, body: object) => request(t.app).put(`/api/quotes/${quoteId}`).set(user.auth).send(body);
const share = async (kind: 'quotes' | 'invoices', id: string) =>
  ((await request(t.app).post(`/api/${kind}/${id}/share`).set(user.auth).expect(201)).body.data.url as string).split('/p/')[1]!;
const page = async (token: string) => (await request(t.app).get(`/api/public/documents/${token}`).expect(200)).body.data;
const accept = (token: string, version: unknown) =>
  request(t.app).post(`/api/public/quotes/${token}/accept`).send({ name: 'Alice Signer', agreeTerms: true, version });
const historyOf = async (kind: string, id: string) =>
  (await request(t.app).get(`/api/${kind}/${id}/history`).set(user.auth).expect(200)).body.data as { action: string; summary: string }[];

describe('point 1: an invoice made from a quote is never £0 or negative', () => {
  it('when deposits already cover the whole quote, then the final invoice is refused with 409 and nothing is made', async () => {
    const quote = await approved();
    await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 100 });
    const final = await raise(quote.id, { type: 'FINAL' });
    expect([final.status, final.body.error]).toEqual([409, STAGE_MESSAGES.notPositive(0)]);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data.invoices).toHaveLength(1);
  });

  it('when a quote totals £0.00, then converting it or raising a final is refused with 409', async () => {
    const quote = await approved(0);
    const full = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({});
    expect([full.status, full.body.error]).toEqual([409, STAGE_MESSAGES.notPositive(0)]);
    expect((await raise(quote.id, { type: 'FINAL' })).status).toBe(409);
  });

  it("when a quote's invoices charge more than it now totals (a re-price stored before the rules), then the final is refused with the negative total named", async () => {
    const quote = await approved();
    await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 50 });
    // What a revert and re-price to £120 left behind before point 2 closed that path.
    await t.ctx.db.execute(sql`update quote_lines set unit_price_pence = 10000, amount_pence = 10000 where quote_id = ${quote.id}`);
    await t.ctx.db.execute(sql`update quotes set subtotal_pence = 10000, tax_pence = 2000, total_pence = 12000 where id = ${quote.id}`);
    const final = await raise(quote.id, { type: 'FINAL' });
    expect(final.status).toBe(409);
    expect(final.body.error).toBe(STAGE_MESSAGES.notPositive(-48000));
    expect(final.body.error).toContain('-£480.00');
  });
});

describe('point 2: a quote with invoices is frozen', () => {
  it('when a draft deposit exists, then revert is refused naming it; once the draft is deleted the revert goes through', async () => {
    const quote = await approved();
    const deposit = (await raise(quote.id, { type: 'DEPOSIT', percent: 50 }).expect(201)).body.data;
    const revert = await act(t.app, user, 'quotes', quote.id, 'revert');
    expect(revert.status).toBe(409);
    expect(revert.body.error).toBe(STAGE_MESSAGES.quoteFrozen([deposit.invoiceNumber ?? 'Draft']));
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data).toMatchObject({ status: 'APPROVED', total: 1200 });
    expect((await edit(quote.id, { clientId: alice, lineItems: lines(5000), tax: 20 })).status).toBe(409);
    await request(t.app).delete(`/api/invoices/${deposit.id}`).set(user.auth).expect(200);
    await act(t.app, user, 'quotes', quote.id, 'revert').expect(200);
  });

  it('when the issued invoice from it is credited in full, then revert and re-price are allowed; while only part-credited they are not', async () => {
    const quote = await approved();
    const invoice = (await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({}).expect(201)).body.data;
    await act(t.app, user, 'invoices', invoice.id, 'send').expect(200);
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .set(user.auth)
      .send({ reason: 'Part', lineItems: [{ description: 'Part', quantity: 1, unitPrice: 10 }] })
      .expect(201);
    const refused = await act(t.app, user, 'quotes', quote.id, 'revert');
    expect([refused.status, refused.body.error]).toEqual([
      409,
      STAGE_MESSAGES.quoteFrozen([invoice.invoiceNumber ?? (await request(t.app).get(`/api/invoices/${invoice.id}`).set(user.auth)).body.data.invoiceNumber]),
    ]);
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .set(user.auth)
      .send({ reason: 'Rest', lineItems: [{ description: 'Rest', quantity: 1, unitPrice: 990 }] })
      .expect(201);
    await act(t.app, user, 'quotes', quote.id, 'revert').expect(200);
    expect((await edit(quote.id, { clientId: alice, lineItems: lines(5000), tax: 20 })).status).toBe(200);
  });

  it('when the invoice from it is void, then revert is allowed', async () => {
    const quote = await approved();
    const invoice = (await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({}).expect(201)).body.data;
    await act(t.app, user, 'invoices', invoice.id, 'send').expect(200);
    expect((await act(t.app, user, 'quotes', quote.id, 'revert')).status).toBe(409);
    await request(t.app).patch(`/api/invoices/${invoice.id}/void`).set(user.auth).send({ reason: 'Wrong job' }).expect(200);
    await act(t.app, user, 'quotes', quote.id, 'revert').expect(200);
  });
});

describe('point 3: an acceptance belongs to one version of the quote', () => {
  it('when the business edits a sent quote after the customer opened it, then accepting the old version is 409 and the quote stays SENT; the new version accepts', async () => {
    const quote = await createQuote(t.app, user, alice, { lineItems: lines(1000), tax: 20 });
    const token = await share('quotes', quote.id);
    const shown = await page(token);
    expect(shown).toMatchObject({ total: 1200, version: expect.any(Number) });
    await edit(quote.id, { clientId: alice, lineItems: lines(9000), tax: 20 }).expect(200);
    const stale = await accept(token, shown.version);
    expect([stale.status, stale.body.error]).toEqual([409, SHARE_MESSAGES.changed]);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data.status).toBe('SENT');
    const fresh = await page(token);
    expect(fresh.total).toBe(10800);
    expect(fresh.version).not.toBe(shown.version);
    const ok = await accept(token, fresh.version);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'APPROVED', total: 10800, acceptance: { name: 'Alice Signer' } });
  });

  it('when an accept leaves out the version, then 400 and nothing moves', async () => {
    const quote = await createQuote(t.app, user, alice, { lineItems: lines(1000), tax: 20 });
    const token = await share('quotes', quote.id);
    const res = await request(t.app).post(`/api/public/quotes/${token}/accept`).send({ name: 'Alice Signer', agreeTerms: true });
    expect([res.status, res.body.error]).toEqual([400, SHARE_MESSAGES.versionRequired]);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data.status).toBe('SENT');
  });

  it('when an accepted quote is reverted, re-priced, re-sent and approved by the business, then neither PDF nor page nor API print the acceptance; the history keeps it', async () => {
    const quote = await createQuote(t.app, user, alice, { lineItems: lines(1000), tax: 20 });
    const token = await share('quotes', quote.id);
    await accept(token, (await page(token)).version).expect(200);
    const before = pdfTextOf((await getBinary(t.app, user, `/api/quotes/${quote.id}/preview`).expect(200)).body as Buffer);
    expect(before).toContain('Accepted by Alice Signer');

    await act(t.app, user, 'quotes', quote.id, 'revert').expect(200);
    await edit(quote.id, { clientId: alice, lineItems: lines(10000), tax: 20 }).expect(200);
    await act(t.app, user, 'quotes', quote.id, 'send').expect(200);
    await act(t.app, user, 'quotes', quote.id, 'approve').expect(200);

    const after = pdfTextOf((await getBinary(t.app, user, `/api/quotes/${quote.id}/preview`).expect(200)).body as Buffer);
    expect(after).toContain('12,000.00');
    expect(after).not.toContain('Accepted by');
    expect((await page(token)).acceptance).toBeNull();
    expect((await request(t.app).get(`/api/quotes/${quote.id}/acceptance`).set(user.auth).expect(200)).body.data).toBeNull();
    expect((await historyOf('quotes', quote.id)).map((h) => h.summary)).toContain('Accepted by Alice Signer');
  });

  it('when an accepted quote is only reverted and approved again unchanged, then the acceptance is not printed either (a revert ends it)', async () => {
    const quote = await createQuote(t.app, user, alice, { lineItems: lines(1000), tax: 20 });
    const token = await share('quotes', quote.id);
    await accept(token, (await page(token)).version).expect(200);
    await act(t.app, user, 'quotes', quote.id, 'revert').expect(200);
    await act(t.app, user, 'quotes', quote.id, 'send').expect(200);
    await act(t.app, user, 'quotes', quote.id, 'approve').expect(200);
    expect((await request(t.app).get(`/api/quotes/${quote.id}/acceptance`).set(user.auth).expect(200)).body.data).toBeNull();
  });
});

describe("point 4: changing a document's client revokes its links", () => {
  it("when a declined quote is reverted and given to Bob, then Alice's link is dead: no name, no lines, no accept", async () => {
    const quote = await createQuote(t.app, user, alice, { lineItems: lines(1000), tax: 20, siteAddress: '1 Alice Road, Leeds' });
    const token = await share('quotes', quote.id);
    const version = (await page(token)).version;
    await request(t.app).post(`/api/public/quotes/${token}/decline`).send({}).expect(200);
    await act(t.app, user, 'quotes', quote.id, 'revert').expect(200);
    await edit(quote.id, { clientId: bob, lineItems: lines(1000), tax: 20, siteAddress: '9 Bob Street, York' }).expect(200);
    await act(t.app, user, 'quotes', quote.id, 'send').expect(200);
    const res = await request(t.app).get(`/api/public/documents/${token}`);
    expect([res.status, res.body.error]).toEqual([404, SHARE_MESSAGES.linkInvalid]);
    expect(res.text).not.toContain('Bob');
    expect((await accept(token, version)).status).toBe(404);
    expect((await historyOf('quotes', quote.id)).map((h) => h.summary)).toContain('Client link revoked: the client changed');
  });

  it("when a reverted invoice is given to Bob and sent again, then Alice's link is dead", async () => {
    const invoice = (
      await request(t.app)
        .post('/api/invoices')
        .set(user.auth)
        .send({ clientId: alice, lineItems: lines(100), tax: 20 })
        .expect(201)
    ).body.data;
    const token = await share('invoices', invoice.id);
    await page(token);
    await act(t.app, user, 'invoices', invoice.id, 'revert').expect(200);
    await request(t.app)
      .put(`/api/invoices/${invoice.id}`)
      .set(user.auth)
      .send({ clientId: bob, lineItems: lines(100), tax: 20 })
      .expect(200);
    await act(t.app, user, 'invoices', invoice.id, 'send').expect(200);
    expect((await request(t.app).get(`/api/public/documents/${token}`)).status).toBe(404);
  });

  it('when an edit keeps the client, then the link stays live', async () => {
    const quote = await createQuote(t.app, user, alice, { lineItems: lines(1000), tax: 20 });
    const token = await share('quotes', quote.id);
    await edit(quote.id, { clientId: alice, lineItems: lines(1100), tax: 20 }).expect(200);
    expect((await page(token)).total).toBe(1320);
  });
});
