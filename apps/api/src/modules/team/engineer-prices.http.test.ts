import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, joinAccount, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { moneyFieldsIn } from '../../../test/answer-schemas.ts';

/** An engineer's answers when the account's "Engineers see prices" is off: no money field anywhere. */
let t: TestApp;
let owner: TestUser;
let engineer: TestUser;
let ids: { clientId: string; itemId: string; quoteId: string };
const line = { description: 'Fit new radiator', quantity: 2, unitPrice: 120 };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  await request(t.app).post('/api/company').set(owner.auth).send(sampleCompany()).expect(201);
  const clientId = (await request(t.app).post('/api/clients').set(owner.auth).send(sampleClient()).expect(201)).body.data.id;
  const itemId = (await request(t.app).post('/api/items').set(owner.auth).send({ name: 'Radiator', description: '600 x 1000', price: 95 }).expect(201)).body
    .data.id;
  const quoteId = (
    await request(t.app)
      .post('/api/quotes')
      .set(owner.auth)
      .send({ clientId, lineItems: [line], tax: 20 })
      .expect(201)
  ).body.data.id;
  ids = { clientId, itemId, quoteId };
  engineer = await joinAccount(t.app, owner, 'ENGINEER');
});
afterAll(() => t.close());

const reads = () => [
  '/items',
  `/items/${ids.itemId}`,
  '/quotes',
  '/quotes?limit=50',
  `/quotes/${ids.quoteId}`,
  '/clients',
  `/clients/${ids.clientId}`,
  '/calendar',
  '/company',
];

describe('engineers and prices', () => {
  it('when prices are hidden, then no answer an engineer reads carries a money field, and the rest is there', async () => {
    for (const path of reads()) {
      const res = await request(t.app).get(`/api${path}`).set(engineer.auth);
      expect(res.status, path).toBe(200);
      expect(moneyFieldsIn(res.body), path).toEqual([]);
    }
    const quote = (await request(t.app).get(`/api/quotes/${ids.quoteId}`).set(engineer.auth)).body.data;
    expect(quote.lineItems).toEqual([expect.objectContaining({ description: 'Fit new radiator', quantity: 2 })]);
    expect(JSON.stringify(quote)).not.toMatch(/\b(120|240|288)\b/);
    const item = (await request(t.app).get(`/api/items/${ids.itemId}`).set(engineer.auth)).body.data;
    expect(item).toEqual(expect.objectContaining({ name: 'Radiator' }));
    expect(item).not.toHaveProperty('price');
  });

  it('when the owner reads the same answers, then the money is there', async () => {
    const quote = (await request(t.app).get(`/api/quotes/${ids.quoteId}`).set(owner.auth)).body.data;
    expect(quote).toEqual(expect.objectContaining({ subtotal: 240, total: 288 }));
    // read twice: the second comes from the kept first page, which an engineer never gets
    await request(t.app).get('/api/quotes?limit=50').set(owner.auth).expect(200);
    const engineerPage = await request(t.app).get('/api/quotes?limit=50').set(engineer.auth);
    expect(moneyFieldsIn(engineerPage.body)).toEqual([]);
  });

  it('when an engineer drafts a quote, then it is stored with its prices but answered without them', async () => {
    const res = await request(t.app)
      .post('/api/quotes')
      .set(engineer.auth)
      .send({ clientId: ids.clientId, lineItems: [{ description: 'Survey', quantity: 1, unitPrice: 60 }], tax: 20 });
    expect(res.status).toBe(201);
    expect(moneyFieldsIn(res.body)).toEqual([]);
    const asOwner = (await request(t.app).get(`/api/quotes/${res.body.data.id}`).set(owner.auth)).body.data;
    expect(asOwner).toEqual(expect.objectContaining({ status: 'DRAFT', total: 72 }));
  });

  it('when an engineer tries an invoice, a payment, a report, an export or the dashboard, then 403', async () => {
    for (const path of ['/invoices', '/payments', '/reports/aged-debtors', '/exports/invoices.csv', '/dashboard', `/quotes/${ids.quoteId}/preview`]) {
      expect((await request(t.app).get(`/api${path}`).set(engineer.auth)).status, path).toBe(403);
    }
    expect((await request(t.app).patch(`/api/quotes/${ids.quoteId}/send`).set(engineer.auth)).status).toBe(403);
  });

  it('when the owner lets engineers see prices, then the engineer reads them on the next request', async () => {
    await request(t.app).patch('/api/account').set(owner.auth).send({ engineersSeePrices: true }).expect(200);
    try {
      const quote = (await request(t.app).get(`/api/quotes/${ids.quoteId}`).set(engineer.auth)).body.data;
      expect(quote).toEqual(expect.objectContaining({ total: 288 }));
      expect((await request(t.app).get(`/api/items/${ids.itemId}`).set(engineer.auth)).body.data.price).toBe(95);
    } finally {
      await request(t.app).patch('/api/account').set(owner.auth).send({ engineersSeePrices: false }).expect(200);
    }
  });
});
