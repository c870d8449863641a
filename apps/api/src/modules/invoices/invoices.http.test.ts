import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, approvedQuote, createClient, createInvoice, createQuote, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  clientId = (await createClient(t.app, user)).id;
});
afterEach(() => t.setNow(null));
afterAll(() => t.close());

const getInvoice = async (id: string, u: TestUser = user) => (await request(t.app).get(`/api/invoices/${id}`).set(u.auth)).body.data;

describe('POST /api/invoices', () => {
  it('when the body is valid, then 201 with server totals, due date, nested client and DRAFT; totals, status or a number in the body are refused', async () => {
    const forged = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send({ ...invoiceBody(clientId), subtotal: 5, total: 5, status: 'PAID', invoiceNumber: 'X' });
    expect([forged.status, forged.body.error]).toEqual([400, 'Unknown field: subtotal']);
    expect(Object.keys(forged.body.details).sort()).toEqual(['invoiceNumber', 'status', 'subtotal', 'total']);
    const res = await request(t.app).post('/api/invoices').set(user.auth).send(invoiceBody(clientId));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      // Given at issue (docs/product.md, "Document numbers").
      invoiceNumber: null,
      status: 'DRAFT',
      clientId,
      client: { id: clientId, name: 'Acme Plumbing Ltd' },
      quoteId: null,
      quoteInvoiceType: null,
      lineItems: [
        { description: 'Rewire kitchen', quantity: 2, unitPrice: 150.5 },
        { description: 'Socket', quantity: 1.5, unitPrice: 10 },
      ],
      tax: 20,
      siteAddress: null,
      subtotal: 316,
      taxAmount: 63.2,
      total: 379.2,
      dueDate: '2030-01-31',
      sentAt: null,
      paidAt: null,
      voidedAt: null,
      voidReason: null,
      amountCredited: 0,
      balanceDue: 379.2,
      creditNotes: [],
      amountPaid: 0,
      payments: [],
      latePayment: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('when the due date is left out, then 30 days after today in London', async () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    t.setNow('2031-06-30T23:30:00Z');
    const res = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(clientId, { dueDate: undefined }));
    expect(res.body.data.dueDate).toBe('2031-07-31');
  });

  it('when the due date is a date-time, then its date is kept', async () => {
    const res = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(clientId, { dueDate: '2030-03-04T10:00:00.000Z' }));
    expect(res.body.data.dueDate).toBe('2030-03-04');
  });

  it("when tax is left out, then the company's default rate and invoice prefix apply", async () => {
    const other = await registerUser(t.app);
    const client = await createClient(t.app, other);
    await request(t.app)
      .post('/api/company')
      .set(other.auth)
      .send(sampleCompany({ defaultTaxRate: 0, invoiceNumberPrefix: 'BS' }));
    const res = await request(t.app)
      .post('/api/invoices')
      .set(other.auth)
      .send(invoiceBody(client.id, { tax: undefined }));
    expect(res.body.data).toMatchObject({ tax: 0, invoiceNumber: null, total: 316 });
    expect((await request(t.app).patch(`/api/invoices/${res.body.data.id}/send`).set(other.auth)).body.data.invoiceNumber).toBe('BS0001');
  });

  it.each([
    ['an empty due date', { dueDate: '' }, 'dueDate', 'Due date is required'],
    ['a null due date', { dueDate: null }, 'dueDate', 'Due date is required'],
    ['an impossible due date', { dueDate: '2030-02-30' }, 'dueDate', 'Date must be a valid date'],
    ['no client', { clientId: undefined }, 'clientId', 'Client is required'],
    ['no lines', { lineItems: [] }, 'lineItems', 'At least one item is required'],
    ['a blank description', { lineItems: [{ description: '', quantity: 1, unitPrice: 1 }] }, 'lineItems.0.description', 'Description is required'],
    [
      'quantity 0 (fractions below 1 are allowed: spec-deviations)',
      { lineItems: [{ description: 'a', quantity: 0, unitPrice: 1 }] },
      'lineItems.0.quantity',
      'Quantity must be greater than 0',
    ],
    ['a negative price', { lineItems: [{ description: 'a', quantity: 1, unitPrice: -0.01 }] }, 'lineItems.0.unitPrice', 'Price must be non-negative'],
    ['a negative tax', { tax: -0.5 }, 'tax', 'Tax must be non-negative'],
  ])('when the body has %s, then 400 with the message and nothing is created', async (_c, over, field, message) => {
    const before = (await request(t.app).get('/api/invoices').set(user.auth)).body.data.length;
    const res = await request(t.app).post('/api/invoices').set(user.auth).send(invoiceBody(clientId, over));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.details[field]).toBe(message);
    expect((await request(t.app).get('/api/invoices').set(user.auth)).body.data).toHaveLength(before);
  });

  it("when the client is another user's, then 400 Client is required", async () => {
    const other = await registerUser(t.app);
    const theirs = await createClient(t.app, other);
    const res = await request(t.app).post('/api/invoices').set(user.auth).send(invoiceBody(theirs.id));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ clientId: 'Client is required' });
  });
});

describe('GET, PUT and DELETE /api/invoices/:id', () => {
  it('when listed without parameters, then a plain array newest first', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const a = await createInvoice(t.app, u, c.id);
    const b = await createInvoice(t.app, u, c.id);
    const res = await request(t.app).get('/api/invoices').set(u.auth);
    expect(res.body.data.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    expect(res.body.data[1]).toEqual(a);
  });

  it('when a draft is edited, then number and status stay and a missing due date keeps the current one', async () => {
    const invoice = await createInvoice(t.app, user, clientId, { dueDate: '2030-05-05' });
    const res = await request(t.app)
      .put(`/api/invoices/${invoice.id}`)
      .set(user.auth)
      .send({ clientId, lineItems: [{ description: 'Fix', quantity: 1, unitPrice: 99.99 }], tax: 20 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      status: 'DRAFT',
      dueDate: '2030-05-05',
      subtotal: 99.99,
      taxAmount: 20,
      total: 119.99,
    });
  });

  it('when another user reads, edits, deletes or moves an invoice, then 404 and it is unchanged', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const other = await registerUser(t.app);
    const theirs = await createClient(t.app, other);
    const calls = [
      request(t.app).get(`/api/invoices/${invoice.id}`).set(other.auth),
      request(t.app).put(`/api/invoices/${invoice.id}`).set(other.auth).send(invoiceBody(theirs.id)),
      request(t.app).delete(`/api/invoices/${invoice.id}`).set(other.auth),
      ...['send', 'pay', 'revert'].map((a) => act(t.app, other, 'invoices', invoice.id, a)),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Invoice not found');
    }
    expect(await getInvoice(invoice.id)).toEqual(invoice);
  });

  it("when an edit names another user's client, then 400 and the invoice is unchanged", async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const other = await registerUser(t.app);
    const theirs = await createClient(t.app, other);
    const res = await request(t.app).put(`/api/invoices/${invoice.id}`).set(user.auth).send(invoiceBody(theirs.id));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Client is required');
    expect(await getInvoice(invoice.id)).toEqual(invoice);
  });
});

describe('invoice lifecycle', () => {
  it('when sent and paid, then sentAt and paidAt are recorded', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const sent = await act(t.app, user, 'invoices', invoice.id, 'send');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'SENT', sentAt: expect.any(String), paidAt: null });
    const paid = await act(t.app, user, 'invoices', invoice.id, 'pay');
    expect(paid.body.data).toMatchObject({ status: 'PAID', sentAt: expect.any(String), paidAt: expect.any(String) });
    expect((await getInvoice(invoice.id)).status).toBe('PAID');
  });

  it('when a sent invoice is reverted, then DRAFT again', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    await act(t.app, user, 'invoices', invoice.id, 'send');
    const res = await act(t.app, user, 'invoices', invoice.id, 'revert');
    expect(res.body.data).toMatchObject({ status: 'DRAFT', sentAt: null });
  });

  it('when a sent invoice is past its due date in London, then every read says OVERDUE and it can be paid', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const invoice = await createInvoice(t.app, u, c.id, { dueDate: '2030-06-30' });
    await act(t.app, u, 'invoices', invoice.id, 'send');
    t.setNow('2030-06-30T22:59:00Z'); // 23:59 BST on the due date: not yet overdue
    expect((await getInvoice(invoice.id, u)).status).toBe('SENT');
    t.setNow('2030-06-30T23:00:00Z'); // midnight in London
    expect((await getInvoice(invoice.id, u)).status).toBe('OVERDUE');
    expect((await request(t.app).get('/api/invoices').set(u.auth)).body.data[0].status).toBe('OVERDUE');
    const revert = await act(t.app, u, 'invoices', invoice.id, 'revert');
    expect(revert.status).toBe(409);
    expect(revert.body.error).toBe('Cannot revert an invoice that is OVERDUE');
    const paid = await act(t.app, u, 'invoices', invoice.id, 'pay');
    expect(paid.body.data.status).toBe('PAID');
  });

  it('when an overdue invoice is edited to a later due date, then it reads SENT again', async () => {
    const invoice = await createInvoice(t.app, user, clientId, { dueDate: '2030-01-10' });
    await act(t.app, user, 'invoices', invoice.id, 'send');
    t.setNow('2030-01-20T12:00:00Z');
    const res = await request(t.app)
      .put(`/api/invoices/${invoice.id}`)
      .set(user.auth)
      .send(invoiceBody(clientId, { dueDate: '2030-02-10' }));
    expect(res.body.data.status).toBe('SENT');
  });

  it('when a draft or paid invoice is past due, then it is not OVERDUE', async () => {
    const draft = await createInvoice(t.app, user, clientId, { dueDate: '2030-01-10' });
    const paid = await createInvoice(t.app, user, clientId, { dueDate: '2030-01-10' });
    await act(t.app, user, 'invoices', paid.id, 'send');
    await act(t.app, user, 'invoices', paid.id, 'pay');
    t.setNow('2030-03-01T12:00:00Z');
    expect((await getInvoice(draft.id)).status).toBe('DRAFT');
    expect((await getInvoice(paid.id)).status).toBe('PAID');
  });

  const illegal: [string, string[], string][] = [
    ['pay', [], 'DRAFT'],
    ['revert', [], 'DRAFT'],
    ['send', ['send'], 'SENT'],
    ['send', ['send', 'pay'], 'PAID'],
    ['pay', ['send', 'pay'], 'PAID'],
    ['revert', ['send', 'pay'], 'PAID'],
  ];
  it.each(illegal)('when %s is asked of an invoice after %j, then 409 naming its status', async (action, steps, status) => {
    const invoice = await createInvoice(t.app, user, clientId);
    for (const step of steps) await act(t.app, user, 'invoices', invoice.id, step);
    const res = await act(t.app, user, 'invoices', invoice.id, action);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Cannot ${action} an invoice that is ${status}`);
    expect((await getInvoice(invoice.id)).status).toBe(status);
  });

  it('when an overdue invoice is sent again, then 409 naming OVERDUE', async () => {
    const invoice = await createInvoice(t.app, user, clientId, { dueDate: '2030-01-10' });
    await act(t.app, user, 'invoices', invoice.id, 'send');
    t.setNow('2030-02-01T12:00:00Z');
    const res = await act(t.app, user, 'invoices', invoice.id, 'send');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Cannot send an invoice that is OVERDUE');
  });
});

describe('POST /api/invoices/from-quote/:quoteId', () => {
  it('when the quote is approved, then a DRAFT invoice copying client, lines and tax, numbered when issued', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const earlier = await createInvoice(t.app, u, c.id);
    const quote = await approvedQuote(t.app, u, c.id);
    t.setNow('2030-04-01T10:00:00Z');
    const res = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(u.auth).send({});
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      invoiceNumber: null,
      status: 'DRAFT',
      quoteId: quote.id,
      clientId: c.id,
      client: quote.client,
      lineItems: quote.lineItems,
      tax: quote.tax,
      subtotal: quote.subtotal,
      taxAmount: quote.taxAmount,
      total: quote.total,
      dueDate: '2030-05-01',
    });
    expect(earlier.invoiceNumber).toBeNull();
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(u.auth)).body.data.status).toBe('APPROVED');
  });

  it('when a quote is converted, then the quote answers (one and in the list) name the invoice; other quotes have invoice null', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const quote = await approvedQuote(t.app, u, c.id);
    const other = await approvedQuote(t.app, u, c.id);
    expect(quote.invoice).toBeNull();
    const made = (await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(u.auth).send({})).body.data;
    const one = (await request(t.app).get(`/api/quotes/${quote.id}`).set(u.auth)).body.data;
    expect(one.invoice).toEqual({ id: made.id, invoiceNumber: made.invoiceNumber });
    const list = (await request(t.app).get('/api/quotes').set(u.auth)).body.data as Array<{ id: string; invoice: unknown }>;
    expect(list.find((q) => q.id === quote.id)?.invoice).toEqual({ id: made.id, invoiceNumber: made.invoiceNumber });
    expect(list.find((q) => q.id === other.id)?.invoice).toBeNull();
    const page = (await request(t.app).get('/api/quotes?limit=5&status=APPROVED').set(u.auth)).body.data.items as Array<{ id: string; invoice: unknown }>;
    expect(page.find((q) => q.id === quote.id)?.invoice).toEqual({ id: made.id, invoiceNumber: made.invoiceNumber });
  });

  it('when a due date is given, then it is used', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const res = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({ dueDate: '2030-09-09' });
    expect(res.body.data.dueDate).toBe('2030-09-09');
  });

  it('when the body is absent, then it still converts', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const res = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth);
    expect(res.status).toBe(201);
  });

  it('when the same quote is converted twice, then 409 naming the existing invoice', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const first = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({});
    const second = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({});
    expect(second.status).toBe(409);
    expect(first.body.data.invoiceNumber).toBeNull();
    expect(second.body.error).toBe('This quote has already been converted to invoice Draft');
  });

  it('when two conversions of one quote race, then exactly one invoice', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const results = await Promise.all([1, 2, 3].map(() => request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({})));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['DRAFT', []],
    ['SENT', ['send']],
    ['DECLINED', ['send', 'decline']],
  ])('when the quote is %s, then 409 and no invoice', async (status, steps) => {
    const quote = await createQuote(t.app, user, clientId);
    for (const s of steps) await act(t.app, user, 'quotes', quote.id, s);
    const before = (await request(t.app).get('/api/invoices').set(user.auth)).body.data.length;
    const res = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({});
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Cannot convert a quote that is ${status}`);
    expect((await request(t.app).get('/api/invoices').set(user.auth)).body.data).toHaveLength(before);
  });

  it("when the quote is another user's or unknown, then 404", async () => {
    const other = await registerUser(t.app);
    const quote = await approvedQuote(t.app, user, clientId);
    const res = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(other.auth).send({});
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Quote not found');
    const unknown = await request(t.app).post('/api/invoices/from-quote/00000000-0000-4000-8000-000000000000').set(user.auth).send({});
    expect(unknown.status).toBe(404);
  });

  it('when the due date is invalid, then 400', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const res = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({ dueDate: 'soon' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Date must be a valid date');
  });

  it('when a converted quote is deleted, then 409 naming the invoice, and both stay', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const invoice = (await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({})).body.data;
    const res = await request(t.app).delete(`/api/quotes/${quote.id}`).set(user.auth);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This quote cannot be deleted: invoice Draft was made from it.');
    expect(await getInvoice(invoice.id)).toMatchObject({ id: invoice.id, quoteId: quote.id, total: quote.total });
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).status).toBe(200);
  });

  it('when the invoice is deleted, then the quote stays and can be converted again', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const invoice = (await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({})).body.data;
    expect((await request(t.app).delete(`/api/invoices/${invoice.id}`).set(user.auth)).status).toBe(200);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).status).toBe(200);
    expect((await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({})).status).toBe(201);
  });
});

describe('DELETE /api/invoices/:id', () => {
  it('when the invoice is a draft, then it is deleted', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    expect((await request(t.app).delete(`/api/invoices/${invoice.id}`).set(user.auth)).status).toBe(200);
    expect((await request(t.app).get(`/api/invoices/${invoice.id}`).set(user.auth)).status).toBe(404);
  });
  it.each([[['send']], [['send', 'pay']]])('when the invoice went through %j, then 409 and it stays', async (steps) => {
    const invoice = await createInvoice(t.app, user, clientId);
    for (const s of steps) await act(t.app, user, 'invoices', invoice.id, s);
    const res = await request(t.app).delete(`/api/invoices/${invoice.id}`).set(user.auth);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('An issued invoice cannot be deleted. Void it or issue a credit note.');
    expect((await request(t.app).get(`/api/invoices/${invoice.id}`).set(user.auth)).status).toBe(200);
  });
});
