import { STAGE_MESSAGES } from '@docket/schemas/stage-invoice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createQuote } from '../../../test/document-fixtures.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

/** A kitchen refit: £12,000 + 20% VAT = £14,400, approved. */
async function kitchenQuote(u: TestUser = user, cid = clientId) {
  const quote = await createQuote(t.app, u, cid, {
    lineItems: [{ description: 'Kitchen refit', quantity: 1, unitPrice: 12000 }],
    tax: 20,
    siteAddress: '1 Mill Lane, Leeds',
  });
  await act(t.app, u, 'quotes', quote.id, 'send');
  return (await act(t.app, u, 'quotes', quote.id, 'approve')).body.data as { id: string; quoteNumber: string };
}
const raise = (quoteId: string, body: unknown, u: TestUser = user) =>
  request(t.app)
    .post(`/api/quotes/${quoteId}/invoices`)
    .set(u.auth)
    .send(body as object);
/** Raised and issued: it gets its number, and a final may follow it (a final waits for the quote's drafts). */
const raiseIssued = async (quoteId: string, body: unknown, u: TestUser = user) => {
  const made = await raise(quoteId, body, u);
  expect(made.status).toBe(201);
  return act(t.app, u, 'invoices', made.body.data.id, 'send');
};
const quoteOf = async (id: string) => (await request(t.app).get(`/api/quotes/${id}`).set(user.auth)).body.data;
const invoiceCount = async () => (await request(t.app).get('/api/invoices').set(user.auth)).body.data.length as number;

describe('POST /api/quotes/{id}/invoices', () => {
  it('when a 30% deposit is raised, then 201 a DRAFT linked to the quote with one line for the rate, and the quote counts it', async () => {
    const quote = await kitchenQuote();
    const res = await raise(quote.id, { type: 'DEPOSIT', percent: 30 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'DRAFT',
      quoteId: quote.id,
      quoteInvoiceType: 'DEPOSIT',
      siteAddress: '1 Mill Lane, Leeds',
      lineItems: [{ description: `Deposit 30% for quote ${quote.quoteNumber}`, quantity: 1, unitPrice: 3600 }],
      tax: 20,
      subtotal: 3600,
      taxAmount: 720,
      total: 4320,
    });
    const q = await quoteOf(quote.id);
    expect(q).toMatchObject({ invoicedAmount: 4320, remainingAmount: 10080 });
    expect(q.invoices).toEqual([{ id: res.body.data.id, invoiceNumber: res.body.data.invoiceNumber, type: 'DEPOSIT', total: 4320, status: 'DRAFT' }]);
  });

  it('when deposit, stage by amount and final are raised, then they add up to the quote to the penny and the final lists the deductions', async () => {
    const quote = await kitchenQuote();
    const deposit = (await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 30 })).body.data;
    const stage = (await raiseIssued(quote.id, { type: 'STAGE', amount: 5000.01, description: 'Units fitted' })).body.data;
    // No net at 20% comes to £5,000.01 with its VAT: the stage charges a penny less, never more.
    expect(stage).toMatchObject({ subtotal: 4166.67, taxAmount: 833.33, total: 5000, lineItems: [{ description: 'Units fitted' }] });
    const final = await raise(quote.id, { type: 'FINAL' });
    expect(final.status).toBe(201);
    expect(final.body.data.lineItems).toEqual([
      { description: 'Kitchen refit', quantity: 1, unitPrice: 12000 },
      { description: `Less deposit ${deposit.invoiceNumber}, VAT £720.00`, quantity: 1, unitPrice: -3600 },
      { description: `Less stage payment ${stage.invoiceNumber}, VAT £833.33`, quantity: 1, unitPrice: -4166.67 },
    ]);
    expect(final.body.data).toMatchObject({ subtotal: 4233.33, taxAmount: 846.67, total: 5080, quoteInvoiceType: 'FINAL' });
    expect(Math.round((deposit.total + stage.total + final.body.data.total) * 100)).toBe(1_440_000);
    expect(await quoteOf(quote.id)).toMatchObject({ invoicedAmount: 14400, remainingAmount: 0 });
  });

  it('when a CIS subcontractor invoices a quote with mixed VAT codes in stages, then each invoice has a line per code, reverse charge is not charged, and the invoices add up per code', async () => {
    const u = await registerUser(t.app);
    expect(
      (
        await request(t.app)
          .post('/api/company')
          .set(u.auth)
          .send(sampleCompany({ cisSubcontractor: true }))
      ).status,
    ).toBe(201);
    const c = await createClient(t.app, u, { isBusiness: true, vatNumber: 'GB123456789', cisRate: 20 });
    const lineItems = [
      { description: 'Fitting', quantity: 1, unitPrice: 1000, vat: 'STANDARD', kind: 'LABOUR' },
      { description: 'Units', quantity: 2, unitPrice: 250, vat: 'STANDARD', kind: 'MATERIALS', discountPercent: 20 },
      { description: 'Zero-rated', quantity: 1, unitPrice: 500, vat: 'ZERO' },
      { description: 'Exempt', quantity: 1, unitPrice: 300, vat: 'EXEMPT' },
      { description: 'Groundworks', quantity: 1, unitPrice: 2000, vat: 'RC_STANDARD', kind: 'LABOUR' },
    ];
    // £1,400 standard (£280 VAT), £500 zero, £300 exempt, £2,000 reverse charge (£400 not charged): £4,480.
    const quote = await createQuote(t.app, u, c.id, { lineItems, tax: 20 });
    await act(t.app, u, 'quotes', quote.id, 'send');
    await act(t.app, u, 'quotes', quote.id, 'approve');
    const deposit = await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 10 }, u);
    expect(deposit.status).toBe(200);
    const n = quote.quoteNumber;
    expect(deposit.body.data.lineItems).toEqual([
      { description: `Deposit 10% for quote ${n} (VAT 20%, labour)`, quantity: 1, unitPrice: 100, kind: 'LABOUR' },
      { description: `Deposit 10% for quote ${n} (VAT 20%, materials)`, quantity: 1, unitPrice: 40, kind: 'MATERIALS' },
      { description: `Deposit 10% for quote ${n} (VAT 0%, labour)`, quantity: 1, unitPrice: 50, vat: 'ZERO', kind: 'LABOUR' },
      { description: `Deposit 10% for quote ${n} (VAT Exempt, labour)`, quantity: 1, unitPrice: 30, vat: 'EXEMPT', kind: 'LABOUR' },
      { description: `Deposit 10% for quote ${n} (VAT 20% RC, labour)`, quantity: 1, unitPrice: 200, vat: 'RC_STANDARD', kind: 'LABOUR' },
    ]);
    // CIS is on the labour lines only: £100 + £50 + £30 + £200 = £380 at 20%.
    expect(deposit.body.data).toMatchObject({
      subtotal: 420,
      taxAmount: 28,
      total: 448,
      reverseChargeVat: 40,
      cis: { labourNet: 380, rate: 20, deduction: 76 },
      amountDue: 372,
    });
    const final = await raise(quote.id, { type: 'FINAL' }, u);
    expect(final.status).toBe(201);
    expect(final.body.data).toMatchObject({
      subtotal: 3780,
      taxAmount: 252,
      total: 4032,
      reverseChargeVat: 360,
      cis: { labourNet: 3420, rate: 20, deduction: 684 },
    });
    const codes = (d: { vatBreakdown: { vat: string; net: number; vatAmount: number }[] }) =>
      Object.fromEntries(d.vatBreakdown.map((g) => [g.vat, [g.net, g.vatAmount]]));
    expect(codes(final.body.data)).toEqual({ STANDARD: [1260, 252], ZERO: [450, 0], EXEMPT: [270, 0], RC_STANDARD: [1800, 360] });
    expect(Math.round((deposit.body.data.total + final.body.data.total) * 100)).toBe(448_000);
  });

  it('when more than is left is asked for, then 409 naming what is left and nothing is written', async () => {
    const quote = await kitchenQuote();
    await raise(quote.id, { type: 'DEPOSIT', percent: 80 });
    const before = await invoiceCount();
    const res = await raise(quote.id, { type: 'STAGE', percent: 30 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This would invoice more than is left on the quote (£2,880.00)');
    const byAmount = await raise(quote.id, { type: 'STAGE', amount: 2880.01 });
    expect(byAmount.body.error).toBe('This would invoice more than is left on the quote (£2,880.00)');
    expect(await invoiceCount()).toBe(before);
    expect((await raise(quote.id, { type: 'STAGE', amount: 2880 })).status).toBe(201);
  });

  it('when a final invoice exists, then nothing more can be invoiced (stage, final or full conversion)', async () => {
    const quote = await kitchenQuote();
    await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 10 });
    expect((await raise(quote.id, { type: 'FINAL' })).status).toBe(201);
    for (const body of [{ type: 'STAGE', percent: 1 }, { type: 'FINAL' }]) {
      const res = await raise(quote.id, body);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Nothing more can be invoiced from this quote: it has a final (or full) invoice');
    }
    const full = await request(t.app).post(`/api/invoices/from-quote/${quote.id}`).set(user.auth).send({});
    expect(full.status).toBe(409);
    // The final is still a draft: it has no number yet.
    expect(full.body.error).toMatch(/^This quote has already been converted to invoice INV\d{4}, Draft$/);
  });

  it('when a deposit is credited, then the quote counts less as invoiced and the final takes it back in', async () => {
    const quote = await kitchenQuote();
    const deposit = (await raise(quote.id, { type: 'DEPOSIT', percent: 50 })).body.data;
    await act(t.app, user, 'invoices', deposit.id, 'send');
    const credit = await request(t.app).post(`/api/invoices/${deposit.id}/credit-notes`).set(user.auth).send({ reason: 'Deposit refunded' });
    expect(credit.status).toBe(201);
    expect(await quoteOf(quote.id)).toMatchObject({ invoicedAmount: 0, remainingAmount: 14400 });
    const final = (await raise(quote.id, { type: 'FINAL' })).body.data;
    expect(final.total).toBe(14400);
    expect(final.lineItems).toHaveLength(1);
  });

  it("when the quote is not approved, then 409; when it is another account's, then 404", async () => {
    const draft = await createQuote(t.app, user, clientId);
    expect((await raise(draft.id, { type: 'DEPOSIT', percent: 30 })).status).toBe(409);
    const other = await registerUser(t.app);
    const quote = await kitchenQuote();
    expect((await raise(quote.id, { type: 'DEPOSIT', percent: 30 }, other)).status).toBe(404);
  });

  it.each([
    [{ type: 'DEPOSIT' }, 'Give either a percent or an amount'],
    [{ type: 'DEPOSIT', percent: 30, amount: 100 }, 'Give either a percent or an amount'],
    [{ type: 'DEPOSIT', percent: 0 }, 'Percent must be more than 0 and at most 100'],
    [{ type: 'STAGE', percent: 100.01 }, 'Percent must be more than 0 and at most 100'],
    [{ type: 'STAGE', amount: -1 }, 'Amount must be more than 0'],
    [{ type: 'FINAL', percent: 10 }, 'A final invoice takes what is left: give no percent or amount'],
    [{ type: 'FULL' }, 'Type must be one of DEPOSIT, STAGE, FINAL'],
  ])('when the body is %j, then 400 "%s" and nothing is written', async (body, message) => {
    const quote = await kitchenQuote();
    const before = await invoiceCount();
    const res = await raise(quote.id, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await invoiceCount()).toBe(before);
  });

  it('when a stage invoice draft is edited, then its lines are refused but its due date changes', async () => {
    const quote = await kitchenQuote();
    const deposit = (await raise(quote.id, { type: 'DEPOSIT', percent: 30 })).body.data;
    const body = { clientId, lineItems: [{ description: 'More', quantity: 1, unitPrice: 9000 }], tax: 20, dueDate: deposit.dueDate };
    const res = await request(t.app).put(`/api/invoices/${deposit.id}`).set(user.auth).send(body);
    expect(res.status).toBe(409);
    const same = { clientId, lineItems: deposit.lineItems, tax: 20, dueDate: '2031-01-01' };
    const moved = await request(t.app).put(`/api/invoices/${deposit.id}`).set(user.auth).send(same);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ dueDate: '2031-01-01', total: 4320 });
  });
});

describe('editing a draft final invoice (docs/product.md, "Editing a final invoice")', () => {
  /** £12,000 + VAT quote, 30% deposit issued, final drafted: Kitchen refit £12,000 less the deposit's £3,600 net. */
  async function draftFinal() {
    const quote = await kitchenQuote();
    await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 30 });
    const final = (await raise(quote.id, { type: 'FINAL' })).body.data;
    expect(final).toMatchObject({ status: 'DRAFT', total: 10080 });
    return final as { id: string; dueDate: string; lineItems: { description: string; unitPrice: number }[] };
  }
  const put = (id: string, body: object) => request(t.app).put(`/api/invoices/${id}`).set(user.auth).send(body);
  const own = (unitPrice: number, more: object[] = []) => ({
    clientId,
    tax: 20,
    lineItems: [{ description: 'Kitchen refit', quantity: 1, unitPrice }, ...more],
  });

  it("when its own lines are changed, then they are saved, the deposit's deduction stays as made and the totals follow the lines", async () => {
    const final = await draftFinal();
    const res = await put(final.id, { ...own(11000), dueDate: '2031-02-28' });
    expect(res.status).toBe(200);
    expect(res.body.data.lineItems.map((l: { description: string; unitPrice: number }) => [l.description, l.unitPrice])).toEqual([
      ['Kitchen refit', 11000],
      [final.lineItems[1]!.description, -3600],
    ]);
    expect(res.body.data).toMatchObject({ subtotal: 7400, taxAmount: 1480, total: 8880, dueDate: '2031-02-28', quoteInvoiceType: 'FINAL' });
    const history = (await request(t.app).get(`/api/invoices/${final.id}/history`).set(user.auth)).body.data as { summary: string }[];
    expect(history.map((h) => h.summary)).toContain('Changed lines, due date');
  });

  it('when the edit would charge more than was left of the quote, then 409 says to raise a separate invoice, and nothing changes', async () => {
    const final = await draftFinal();
    const res = await put(final.id, own(12000, [{ description: 'Extra socket', quantity: 1, unitPrice: 50 }]));
    expect([res.status, res.body.error]).toEqual([409, STAGE_MESSAGES.finalAboveLeft(1008000)]);
    expect((await request(t.app).get(`/api/invoices/${final.id}`).set(user.auth)).body.data.total).toBe(10080);
  });

  it('when the edit would bring the final to £0 or below, then 409 with the negative total named', async () => {
    const final = await draftFinal();
    const res = await put(final.id, own(3000));
    expect([res.status, res.body.error]).toEqual([409, STAGE_MESSAGES.notPositive(-72000)]);
  });

  it('when the client or the VAT rate is changed, or a deduction is sent as a line, then it is refused and nothing changes', async () => {
    const final = await draftFinal();
    const other = (await request(t.app).post('/api/clients').set(user.auth).send({ name: 'Someone Else', email: 'else@example.com' })).body.data;
    expect((await put(final.id, { ...own(11000), clientId: other.id })).body.error).toBe(STAGE_MESSAGES.finalKeepsQuote);
    expect((await put(final.id, { ...own(11000), tax: 0 })).body.error).toBe(STAGE_MESSAGES.finalKeepsQuote);
    const asLine = await put(final.id, own(12000, [{ description: 'Less deposit', quantity: 1, unitPrice: -3600 }]));
    expect(asLine.status).toBe(400);
    expect((await request(t.app).get(`/api/invoices/${final.id}`).set(user.auth)).body.data).toMatchObject({ total: 10080, clientId });
  });

  it('when only its due date changes, then the lines and the VAT it fixed stay exactly as made', async () => {
    const final = await draftFinal();
    const before = (await request(t.app).get(`/api/invoices/${final.id}`).set(user.auth)).body.data;
    const res = await put(final.id, { ...own(12000), dueDate: '2031-03-31' });
    expect(res.status).toBe(200);
    expect({ ...res.body.data, dueDate: before.dueDate, updatedAt: before.updatedAt }).toEqual(before);
  });

  it('when the final has been issued, then its lines are refused like any issued invoice', async () => {
    const final = await draftFinal();
    await act(t.app, user, 'invoices', final.id, 'send').expect(200);
    expect((await put(final.id, own(11000))).status).toBe(409);
  });
});

describe('POST /api/quotes/{id}/duplicate and /api/invoices/{id}/duplicate', () => {
  it('when a quote is duplicated, then a new DRAFT with the same client, lines, VAT and site address and a new number', async () => {
    const quote = await kitchenQuote();
    const res = await request(t.app).post(`/api/quotes/${quote.id}/duplicate`).set(user.auth);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'DRAFT',
      clientId,
      tax: 20,
      total: 14400,
      siteAddress: '1 Mill Lane, Leeds',
      invoices: [],
      invoicedAmount: 0,
    });
    expect(res.body.data.lineItems).toEqual([{ description: 'Kitchen refit', quantity: 1, unitPrice: 12000 }]);
    expect(res.body.data.quoteNumber).not.toBe(quote.quoteNumber);
  });

  it('when an invoice is duplicated, then a new DRAFT not linked to any quote, due 30 days from today', async () => {
    const quote = await kitchenQuote();
    const deposit = (await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 30 })).body.data;
    t.setNow('2030-03-01T12:00:00Z');
    const res = await request(t.app).post(`/api/invoices/${deposit.id}/duplicate`).set(user.auth);
    t.setNow(null);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'DRAFT',
      quoteId: null,
      quoteInvoiceType: null,
      total: 4320,
      siteAddress: '1 Mill Lane, Leeds',
      dueDate: '2030-03-31',
    });
    // A copy is a new draft: its number comes when it is issued.
    expect(deposit.invoiceNumber).toMatch(/^INV\d{4}$/);
    expect(res.body.data.invoiceNumber).toBeNull();
  });

  it("when a final invoice is duplicated, then the copy leaves out the quote's deductions (a copy is never linked to a quote) and edits like any draft", async () => {
    const quote = await kitchenQuote();
    await raiseIssued(quote.id, { type: 'DEPOSIT', percent: 30 });
    const final = await raise(quote.id, { type: 'FINAL' });
    expect(final.status).toBe(201);
    expect(final.body.data.lineItems.some((l: { unitPrice: number }) => l.unitPrice < 0)).toBe(true);
    const copy = await request(t.app).post(`/api/invoices/${final.body.data.id}/duplicate`).set(user.auth);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      quoteId: null,
      quoteInvoiceType: null,
      lineItems: [{ description: 'Kitchen refit', quantity: 1, unitPrice: 12000 }],
      subtotal: 12000,
      total: 14400,
    });
    // What the edit form sends back (its own lines, a later due date) is accepted.
    const edited = await request(t.app)
      .put(`/api/invoices/${copy.body.data.id}`)
      .set(user.auth)
      .send({ clientId, lineItems: copy.body.data.lineItems, tax: 20, dueDate: '2031-01-31' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ dueDate: '2031-01-31', total: 14400 });
  });

  it('when an invoice with per-line VAT, kinds, discounts and units is duplicated, then the copy keeps them and its CIS deduction', async () => {
    const u = await registerUser(t.app);
    expect(
      (
        await request(t.app)
          .post('/api/company')
          .set(u.auth)
          .send(sampleCompany({ cisSubcontractor: true }))
      ).status,
    ).toBe(201);
    const c = await createClient(t.app, u, { isBusiness: true, vatNumber: 'GB123456789', cisRate: 20 });
    const lineItems = [
      { description: 'Fitting', quantity: 7.5, unitPrice: 40, vat: 'RC_STANDARD', kind: 'LABOUR', unit: 'hour' },
      { description: 'Boards', quantity: 3, unitPrice: 100, vat: 'REDUCED', kind: 'MATERIALS', discountPercent: 10, unit: 'each' },
    ];
    const source = (await request(t.app).post('/api/invoices').set(u.auth).send({ clientId: c.id, lineItems, tax: 20 })).body.data;
    const res = await request(t.app).post(`/api/invoices/${source.id}/duplicate`).set(u.auth);
    expect(res.status).toBe(201);
    expect(res.body.data.lineItems).toEqual(lineItems);
    // £300 reverse charge (£60 not charged) + £270 at 5% (£13.50); CIS on the £300 of labour.
    expect(res.body.data).toMatchObject({
      subtotal: 570,
      taxAmount: 13.5,
      total: 583.5,
      reverseChargeVat: 60,
      cis: { labourNet: 300, rate: 20, deduction: 60 },
    });
    expect(res.body.data).toMatchObject({ subtotal: source.subtotal, total: source.total, cis: source.cis });
  });

  it("when another account's document is duplicated, then 404", async () => {
    const other = await registerUser(t.app);
    const quote = await kitchenQuote();
    expect((await request(t.app).post(`/api/quotes/${quote.id}/duplicate`).set(other.auth)).status).toBe(404);
  });
});
