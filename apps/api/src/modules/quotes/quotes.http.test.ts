import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createQuote, quoteBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

describe('POST /api/quotes', () => {
  it('when the body is valid, then 201 with server totals, nested client, number and DRAFT; totals, status or a number in the body are refused', async () => {
    const forged = await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send({ ...quoteBody(clientId), subtotal: 1, taxAmount: 1, total: 1, status: 'APPROVED', quoteNumber: 'X1' });
    expect([forged.status, forged.body.error]).toEqual([400, 'Unknown field: subtotal']);
    expect(Object.keys(forged.body.details).sort()).toEqual(['quoteNumber', 'status', 'subtotal', 'taxAmount', 'total']);
    const res = await request(t.app).post('/api/quotes').set(user.auth).send(quoteBody(clientId));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      quoteNumber: expect.stringMatching(/^Q\d{4}$/),
      status: 'DRAFT',
      clientId,
      client: { id: clientId, name: 'Acme Plumbing Ltd' },
      lineItems: [
        { description: 'Rewire kitchen', quantity: 2, unitPrice: 150.5 },
        { description: 'Socket', quantity: 1.5, unitPrice: 10 },
      ],
      tax: 20,
      siteAddress: null,
      subtotal: 316,
      taxAmount: 63.2,
      total: 379.2,
      sentAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      invoice: null,
      invoicedAmount: 0,
      remainingAmount: 379.2,
      invoices: [],
    });
  });

  it('when amounts need rounding, then each line and the tax round half-up to the penny', async () => {
    const res = await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send(quoteBody(clientId, { lineItems: [{ description: 'Cable', quantity: 1.005, unitPrice: 1 }], tax: 17.5 }));
    // 1.005 x £1 = £1.005 -> £1.01; tax 17.5% of £1.01 = £0.17675 -> £0.18
    expect(res.body.data).toMatchObject({ subtotal: 1.01, taxAmount: 0.18, total: 1.19, tax: 17.5 });
  });

  it('when tax is left out and there is no company, then 20%', async () => {
    const res = await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send(quoteBody(clientId, { tax: undefined }));
    expect(res.body.data.tax).toBe(20);
  });

  it("when tax is left out, then the company's default rate and prefix apply", async () => {
    const other = await registerUser(t.app);
    const client = await createClient(t.app, other);
    await request(t.app)
      .post('/api/company')
      .set(other.auth)
      .send(sampleCompany({ defaultTaxRate: 5, quoteNumberPrefix: 'EST-' }));
    const res = await request(t.app)
      .post('/api/quotes')
      .set(other.auth)
      .send(quoteBody(client.id, { tax: undefined }));
    expect(res.body.data).toMatchObject({ tax: 5, quoteNumber: 'EST-0001', subtotal: 316, taxAmount: 15.8, total: 331.8 });
  });

  it.each([
    ['no client', { clientId: undefined }, 'clientId', 'Client is required'],
    ['an empty client', { clientId: '' }, 'clientId', 'Client is required'],
    ['no lines', { lineItems: [] }, 'lineItems', 'At least one item is required'],
    ['lines missing', { lineItems: undefined }, 'lineItems', 'At least one item is required'],
    ['a blank description', { lineItems: [{ description: ' ', quantity: 1, unitPrice: 1 }] }, 'lineItems.0.description', 'Description is required'],
    ['quantity 0', { lineItems: [{ description: 'a', quantity: 0, unitPrice: 1 }] }, 'lineItems.0.quantity', 'Quantity must be greater than 0'],
    [
      'quantity with 4 decimals',
      { lineItems: [{ description: 'a', quantity: 1.0001, unitPrice: 1 }] },
      'lineItems.0.quantity',
      'Quantity can have at most 3 decimal places',
    ],
    ['a negative price', { lineItems: [{ description: 'a', quantity: 1, unitPrice: -1 }] }, 'lineItems.0.unitPrice', 'Price must be non-negative'],
    [
      'a price with 3 decimals',
      { lineItems: [{ description: 'a', quantity: 1, unitPrice: 1.001 }] },
      'lineItems.0.unitPrice',
      'Price can have at most 2 decimal places',
    ],
    ['a negative tax', { tax: -1 }, 'tax', 'Tax must be non-negative'],
  ])('when the body has %s, then 400 with the spec message and nothing is created', async (_case, over, field, message) => {
    const before = (await request(t.app).get('/api/quotes').set(user.auth)).body.data.length;
    const res = await request(t.app).post('/api/quotes').set(user.auth).send(quoteBody(clientId, over));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.details[field]).toBe(message);
    expect((await request(t.app).get('/api/quotes').set(user.auth)).body.data).toHaveLength(before);
  });

  it("when the client is another user's, then 400 Client is required and nothing is created", async () => {
    const other = await registerUser(t.app);
    const theirs = await createClient(t.app, other);
    const res = await request(t.app).post('/api/quotes').set(user.auth).send(quoteBody(theirs.id));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Client is required', details: { clientId: 'Client is required' } });
    expect((await request(t.app).get('/api/quotes').set(other.auth)).body.data).toEqual([]);
  });
});

describe('GET, PUT and DELETE /api/quotes/:id', () => {
  it('when listed without parameters, then a plain array newest first with lines', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const first = await createQuote(t.app, u, c.id);
    const second = await createQuote(t.app, u, c.id, { lineItems: [{ description: 'Only', quantity: 1, unitPrice: 5 }] });
    const res = await request(t.app).get('/api/quotes').set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.map((q: { id: string }) => q.id)).toEqual([second.id, first.id]);
    expect(res.body.data[0].lineItems).toEqual([{ description: 'Only', quantity: 1, unitPrice: 5 }]);
    expect(res.body.data[1].lineItems).toHaveLength(2);
  });

  it('when fetched by id, then the same quote as created', async () => {
    const quote = await createQuote(t.app, user, clientId);
    const res = await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth);
    expect(res.body.data).toEqual(quote);
  });

  it('when edited, then lines and totals are replaced while number and status stay', async () => {
    const quote = await createQuote(t.app, user, clientId);
    await act(t.app, user, 'quotes', quote.id, 'send');
    const other = await createClient(t.app, user, { name: 'Other Ltd' });
    const res = await request(t.app)
      .put(`/api/quotes/${quote.id}`)
      .set(user.auth)
      .send({ clientId: other.id, lineItems: [{ description: 'New', quantity: 3, unitPrice: 2 }], tax: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      quoteNumber: quote.quoteNumber,
      status: 'SENT',
      client: { id: other.id, name: 'Other Ltd' },
      lineItems: [{ description: 'New', quantity: 3, unitPrice: 2 }],
      subtotal: 6,
      taxAmount: 0,
      total: 6,
    });
  });

  it('when edited without tax, then the current rate stays', async () => {
    const quote = await createQuote(t.app, user, clientId, { tax: 12.5 });
    const res = await request(t.app)
      .put(`/api/quotes/${quote.id}`)
      .set(user.auth)
      .send(quoteBody(clientId, { tax: undefined }));
    expect(res.body.data.tax).toBe(12.5);
  });

  it('when an edit is invalid, then 400 and the quote is unchanged', async () => {
    const quote = await createQuote(t.app, user, clientId);
    const res = await request(t.app)
      .put(`/api/quotes/${quote.id}`)
      .set(user.auth)
      .send(quoteBody(clientId, { lineItems: [] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('At least one item is required');
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data).toEqual(quote);
  });

  it('when deleted, then 200 and it is gone', async () => {
    const quote = await createQuote(t.app, user, clientId);
    const res = await request(t.app).delete(`/api/quotes/${quote.id}`).set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: quote.id });
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).status).toBe(404);
  });

  it('when the id is not a uuid, then 400 Invalid id', async () => {
    const res = await request(t.app).get('/api/quotes/not-a-uuid').set(user.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid id');
  });

  it('when there is no token, then 401', async () => {
    expect((await request(t.app).get('/api/quotes')).status).toBe(401);
  });
});

describe('quote tenancy', () => {
  it('when another user reads, edits, deletes or moves a quote, then 404 and it is unchanged', async () => {
    const quote = await createQuote(t.app, user, clientId);
    const other = await registerUser(t.app);
    const theirClient = await createClient(t.app, other);
    const calls = [
      request(t.app).get(`/api/quotes/${quote.id}`).set(other.auth),
      request(t.app).put(`/api/quotes/${quote.id}`).set(other.auth).send(quoteBody(theirClient.id)),
      request(t.app).delete(`/api/quotes/${quote.id}`).set(other.auth),
      ...['send', 'approve', 'decline', 'revert'].map((a) => act(t.app, other, 'quotes', quote.id, a)),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Quote not found');
    }
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data).toEqual(quote);
    expect((await request(t.app).get('/api/quotes').set(other.auth)).body.data).toEqual([]);
  });

  it("when an edit names another user's client, then 400 Client is required", async () => {
    const quote = await createQuote(t.app, user, clientId);
    const other = await registerUser(t.app);
    const theirs = await createClient(t.app, other);
    const res = await request(t.app).put(`/api/quotes/${quote.id}`).set(user.auth).send(quoteBody(theirs.id));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ clientId: 'Client is required' });
  });
});

describe('quote lifecycle', () => {
  it('when sent, approved, reverted, sent and declined, then each step answers the updated quote', async () => {
    const quote = await createQuote(t.app, user, clientId);
    const sent = await act(t.app, user, 'quotes', quote.id, 'send');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ id: quote.id, status: 'SENT', sentAt: expect.any(String) });
    expect((await act(t.app, user, 'quotes', quote.id, 'approve')).body.data.status).toBe('APPROVED');
    const reverted = await act(t.app, user, 'quotes', quote.id, 'revert');
    expect(reverted.body.data).toMatchObject({ status: 'DRAFT', sentAt: null });
    await act(t.app, user, 'quotes', quote.id, 'send');
    expect((await act(t.app, user, 'quotes', quote.id, 'decline')).body.data.status).toBe('DECLINED');
    expect((await act(t.app, user, 'quotes', quote.id, 'revert')).body.data.status).toBe('DRAFT');
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data.status).toBe('DRAFT');
  });

  const illegal: [string, string[], string][] = [
    ['approve', [], 'DRAFT'],
    ['decline', [], 'DRAFT'],
    ['revert', [], 'DRAFT'],
    ['send', ['send'], 'SENT'],
    ['revert', ['send'], 'SENT'],
    ['send', ['send', 'approve'], 'APPROVED'],
    ['approve', ['send', 'approve'], 'APPROVED'],
    ['decline', ['send', 'approve'], 'APPROVED'],
    ['send', ['send', 'decline'], 'DECLINED'],
    ['approve', ['send', 'decline'], 'DECLINED'],
    ['decline', ['send', 'decline'], 'DECLINED'],
  ];
  it.each(illegal)('when %s is asked of a quote after %j, then 409 naming its status', async (action, steps, status) => {
    const quote = await createQuote(t.app, user, clientId);
    for (const step of steps) await act(t.app, user, 'quotes', quote.id, step);
    const res = await act(t.app, user, 'quotes', quote.id, action);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Cannot ${action} a quote that is ${status}`);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data.status).toBe(status);
  });
});
