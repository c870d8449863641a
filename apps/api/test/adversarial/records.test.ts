import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../test-app.ts';
import { createClient } from '../document-fixtures.ts';
import { report } from './support.ts';

/**
 * Agreed records under attack (issue 30; docs/product.md, "Converted quotes", "Client links",
 * "Invoicing a quote in stages"): races between the business and the customer, stale links and
 * random invoicing sequences. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const SEED = Number(process.env.FC_SEED ?? 20_261_122);
const ROUNDS = 8;
let t: TestApp;
let user: TestUser;
let alice: string;
let bob: string;
const counts = { acceptRaces: 0, revertRaces: 0, staleLinkViews: 0, invoicingRuns: 0 };

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  alice = (await createClient(t.app, user, { name: 'Alice Signer' })).id;
  bob = (await createClient(t.app, user, { name: 'Bob Other' })).id;
});
afterAll(async () => {
  report(
    `records summary: seed=${SEED} accept-races=${counts.acceptRaces} revert-races=${counts.revertRaces} stale-link-views=${counts.staleLinkViews} invoicing-runs=${counts.invoicingRuns}`,
  );
  await t.close();
});

const api = () => request(t.app);
const body = (clientId: string, unitPrice: number) => ({ clientId, lineItems: [{ description: 'Job', quantity: 1, unitPrice }], tax: 20 });
const newQuote = async (unitPrice = 1000) =>
  (await api().post('/api/quotes').set(user.auth).send(body(alice, unitPrice)).expect(201)).body.data as { id: string };
const shareQuote = async (id: string) => ((await api().post(`/api/quotes/${id}/share`).set(user.auth).expect(201)).body.data.url as string).split('/p/')[1]!;
const quoteOf = async (id: string) => (await api().get(`/api/quotes/${id}`).set(user.auth).expect(200)).body.data;

describe('acceptance versions', () => {
  it('when the customer accepts while the business re-prices the sent quote, then an acceptance is only ever of the price the customer was shown', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const quote = await newQuote(1000);
      const token = await shareQuote(quote.id);
      const shown = (await api().get(`/api/public/documents/${token}`).expect(200)).body.data;
      const [accepted, edited] = await Promise.all([
        api().post(`/api/public/quotes/${token}/accept`).send({ name: 'Alice Signer', agreeTerms: true, version: shown.version }),
        api().put(`/api/quotes/${quote.id}`).set(user.auth).send(body(alice, 9000)),
      ]);
      counts.acceptRaces += 1;
      const now = await quoteOf(quote.id);
      const acceptance = (await api().get(`/api/quotes/${quote.id}/acceptance`).set(user.auth).expect(200)).body.data;
      if (accepted.status === 200) {
        // The accept went first: the edit of an approved quote is refused and the price stands.
        expect(edited.status).toBe(409);
        expect(now).toMatchObject({ status: 'APPROVED', total: shown.total });
        expect(acceptance).toMatchObject({ name: 'Alice Signer' });
      } else {
        expect([accepted.status, accepted.body.error]).toEqual([409, 'This quote has changed. Please review it again.']);
        expect(edited.status).toBe(200);
        expect(now).toMatchObject({ status: 'SENT', total: 10800 });
        expect(acceptance).toBeNull();
      }
    }
  });
});

describe('frozen converted quotes', () => {
  it('when a revert races a deposit, then the quote never ends reverted with an invoice that counts', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const quote = await newQuote(1000);
      await api().patch(`/api/quotes/${quote.id}/send`).set(user.auth).expect(200);
      await api().patch(`/api/quotes/${quote.id}/approve`).set(user.auth).expect(200);
      const [deposit, revert] = await Promise.all([
        api().post(`/api/quotes/${quote.id}/invoices`).set(user.auth).send({ type: 'DEPOSIT', percent: 50 }),
        api().patch(`/api/quotes/${quote.id}/revert`).set(user.auth),
      ]);
      counts.revertRaces += 1;
      const now = await quoteOf(quote.id);
      expect([deposit.status, revert.status].sort()).toEqual(deposit.status === 201 ? [201, 409] : [200, 409]);
      if (now.status === 'DRAFT') expect(now.invoices).toEqual([]);
      else expect(now.invoices).toHaveLength(1);
    }
  });
});

describe('stale links', () => {
  it("when a document's client changes while its link is being viewed, then once the change is done the old link never shows the new client", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const quote = await newQuote(1000);
      const token = await shareQuote(quote.id);
      const views = Array.from({ length: 4 }, () => api().get(`/api/public/documents/${token}`));
      const change = api().put(`/api/quotes/${quote.id}`).set(user.auth).send(body(bob, 1000));
      const answers = await Promise.all([...views, change]);
      expect(answers.at(-1)!.status).toBe(200);
      for (const v of answers.slice(0, -1)) {
        counts.staleLinkViews += 1;
        // Before the change commits a view shows Alice's document; after it, the link is dead.
        if (v.status === 200) expect(v.body.data.customer.name).toBe('Alice Signer');
        else expect(v.status).toBe(404);
      }
      const after = await api().get(`/api/public/documents/${token}`);
      expect(after.status).toBe(404);
      expect(after.text).not.toContain('Bob Other');
    }
  });
});

describe('negative totals', () => {
  type Step =
    { kind: 'deposit' | 'stage'; percent: number } | { kind: 'amount'; amount: number } | { kind: 'final' } | { kind: 'full' } | { kind: 'void-first' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constantFrom<'deposit' | 'stage'>('deposit', 'stage'), percent: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant<'amount'>('amount'), amount: fc.integer({ min: 1, max: 2000 }) }),
    fc.constant<Step>({ kind: 'final' }),
    fc.constant<Step>({ kind: 'full' }),
    fc.constant<Step>({ kind: 'void-first' }),
  );

  it('when random deposits, stages, finals and voids are raised on a quote, then every invoice made charges more than £0 and together they never pass the quote', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1500 }), fc.array(step, { minLength: 1, maxLength: 6 }), async (price, steps) => {
        counts.invoicingRuns += 1;
        const quote = await newQuote(price);
        await api().patch(`/api/quotes/${quote.id}/send`).set(user.auth).expect(200);
        await api().patch(`/api/quotes/${quote.id}/approve`).set(user.auth).expect(200);
        for (const s of steps) {
          if (s.kind === 'void-first') {
            const first = (await quoteOf(quote.id)).invoices.find((i: { status: string }) => i.status === 'DRAFT');
            if (first) {
              await api().patch(`/api/invoices/${first.id}/send`).set(user.auth);
              await api().patch(`/api/invoices/${first.id}/void`).set(user.auth).send({ reason: 'Adversarial' });
            }
            continue;
          }
          const res =
            s.kind === 'full'
              ? await api().post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({})
              : await api()
                  .post(`/api/quotes/${quote.id}/invoices`)
                  .set(user.auth)
                  .send(
                    s.kind === 'final'
                      ? { type: 'FINAL' }
                      : s.kind === 'amount'
                        ? { type: 'STAGE', amount: s.amount }
                        : { type: s.kind.toUpperCase(), percent: s.percent },
                  );
          expect([201, 409]).toContain(res.status);
          if (res.status === 201) expect(res.body.data.total).toBeGreaterThan(0);
          // Whatever happened, a revert is refused while an invoice of it counts.
          const q = await quoteOf(quote.id);
          if (q.invoices.some((i: { status: string }) => i.status !== 'VOID'))
            expect((await api().patch(`/api/quotes/${quote.id}/revert`).set(user.auth)).status).toBe(409);
        }
        const q = await quoteOf(quote.id);
        for (const i of q.invoices) expect(i.total).toBeGreaterThan(0);
        expect(q.invoicedAmount).toBeLessThanOrEqual(q.total);
      }),
      { seed: SEED, numRuns: 12 },
    );
  });
});
