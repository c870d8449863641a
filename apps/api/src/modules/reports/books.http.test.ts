import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { creditNotes, invoices } from '../../db/schema.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let u: TestUser;
const Q1 = 'from=2033-04-06&to=2033-07-05';
const Q2 = 'from=2033-04-06&to=2033-10-05';

/**
 * A worked tax year (2033: 6 April 2033 to 5 April 2034) for a VAT-registered CIS subcontractor,
 * every figure checked by hand in the tests below:
 * - H (homeowner, no CIS): £1,000 + 20% issued 10 April 2033, £600 paid 1 May; a credit note of
 *   £100 + 20% dated 1 June.
 * - C (Main Contractor, CIS 20%): labour £2,000 + materials £500, both + 20%, issued 10 July:
 *   total £3,000, deduction 20% of £2,000 = £400, due £2,600; paid £1,000 on 5 August (last day of
 *   tax month 4) and £1,600 on 6 August (first day of tax month 5).
 * - D (Small Contractor, CIS 30%): labour £100 + 20%, deduction £30, due £90, paid 5 April 2034
 *   (the tax year's last day); labour £50, due £45, paid 6 April 2034 (the next tax year).
 * - Expenses: Screwfix £250 STANDARD (15 Apr), van insurance £300 EXEMPT (20 May), a reverse-charge
 *   subcontractor £200 (10 Jun), client lunch £60 STANDARD not allowable (12 Jun), timber £999
 *   STANDARD (6 Jul, after Q1).
 */
beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  await request(t.app)
    .post('/api/company')
    .set(u.auth)
    .send(sampleCompany({ cisSubcontractor: true }))
    .expect(201);
  const homeowner = await createClient(t.app, u, { name: 'Hannah Homeowner' });
  const main = await createClient(t.app, u, { name: 'Main Contractor Ltd', email: 'main@contractor.example', isBusiness: true, cisRate: 20 });
  const small = await createClient(t.app, u, { name: 'Small Contractor Ltd', email: 'small@contractor.example', isBusiness: true, cisRate: 30 });
  const issue = async (clientId: string, lineItems: unknown[], at: string) => {
    t.setNow(at);
    const res = await request(t.app)
      .post('/api/invoices')
      .set(u.auth)
      .send(invoiceBody(clientId, { lineItems, dueDate: '2034-06-30' }));
    expect(res.status).toBe(201);
    await t.ctx.db
      .update(invoices)
      .set({ createdAt: new Date(at) })
      .where(eq(invoices.id, res.body.data.id));
    expect((await act(t.app, u, 'invoices', res.body.data.id, 'send')).status).toBe(200);
    return res.body.data as { id: string };
  };
  const h = await issue(homeowner.id, [{ description: 'Rewire', quantity: 1, unitPrice: 1000, vat: 'STANDARD' }], '2033-04-10T10:00:00Z');
  const c = await issue(
    main.id,
    [
      { description: 'First fix labour', quantity: 1, unitPrice: 2000, vat: 'STANDARD' },
      { description: 'Cable and boxes', quantity: 1, unitPrice: 500, vat: 'STANDARD', kind: 'MATERIALS' },
    ],
    '2033-07-10T10:00:00Z',
  );
  const d1 = await issue(small.id, [{ description: 'Labour', quantity: 1, unitPrice: 100, vat: 'STANDARD' }], '2034-03-20T10:00:00Z');
  const d2 = await issue(small.id, [{ description: 'Labour', quantity: 1, unitPrice: 50, vat: 'STANDARD' }], '2034-03-21T10:00:00Z');
  t.setNow('2034-05-01T10:00:00Z');
  const pay = async (id: string, amount: number, date: string) =>
    expect((await request(t.app).post(`/api/invoices/${id}/payments`).set(u.auth).send({ amount, date })).status).toBe(201);
  await pay(h.id, 600, '2033-05-01');
  await pay(c.id, 1000, '2033-08-05');
  await pay(c.id, 1600, '2033-08-06');
  await pay(d1.id, 90, '2034-04-05');
  await pay(d2.id, 45, '2034-04-06');
  const cn = await request(t.app)
    .post(`/api/invoices/${h.id}/credit-notes`)
    .set(u.auth)
    .send({ reason: 'Overcharge', lineItems: [{ description: 'Rewire', quantity: 1, unitPrice: 100, vat: 'STANDARD' }] });
  expect(cn.status).toBe(201);
  await t.ctx.db
    .update(creditNotes)
    .set({ createdAt: new Date('2033-06-01T10:00:00Z') })
    .where(eq(creditNotes.id, cn.body.data.id));
  t.setNow(null);
  const spend = async (date: string, supplier: string, category: string, net: number, vat: string) =>
    expect((await request(t.app).post('/api/expenses').set(u.auth).send({ date, supplier, category, net, vat })).status).toBe(201);
  await spend('2033-04-15', 'Screwfix', 'COST_OF_GOODS', 250, 'STANDARD');
  await spend('2033-05-20', 'Van insurer', 'CAR_VAN_TRAVEL', 300, 'EXEMPT');
  await spend('2033-06-10', 'Second-fix Ltd', 'COST_OF_GOODS', 200, 'RC_STANDARD');
  await spend('2033-06-12', 'Client lunch', 'NOT_ALLOWABLE', 60, 'STANDARD');
  await spend('2033-07-06', 'Timber merchant', 'COST_OF_GOODS', 999, 'STANDARD');
});
afterAll(() => t.close());

describe('GET /api/reports/profit-and-loss', () => {
  it('when Income Tax Q1 is asked on the invoice basis, then income is invoices less credit notes net of VAT and VAT-registered expenses count net', async () => {
    const res = await request(t.app).get(`/api/reports/profit-and-loss?${Q1}&basis=invoice`).set(u.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // income = 1000 - 100; expenses = goods 250 + 200, travel 300, not allowable 60
    expect(res.body.data).toEqual({
      from: '2033-04-06',
      to: '2033-07-05',
      basis: 'invoice',
      vatRegistered: true,
      income: { sales: 1000, creditNotes: -100, total: 900 },
      expenses: [
        { category: 'COST_OF_GOODS', name: 'Cost of goods (materials)', allowable: true, count: 2, amount: 450 },
        { category: 'CAR_VAN_TRAVEL', name: 'Car, van and travel', allowable: true, count: 1, amount: 300 },
        { category: 'NOT_ALLOWABLE', name: 'Not allowable (personal, entertaining)', allowable: false, count: 1, amount: 60 },
      ],
      allowableExpenses: 750,
      disallowableExpenses: 60,
      totalExpenses: 810,
      netProfit: 90,
      taxableProfit: 150,
    });
  });

  it("when the cumulative Q2 (6 April to 5 October) is asked, then July's CIS invoice and timber count too", async () => {
    const res = await request(t.app).get(`/api/reports/profit-and-loss?${Q2}&basis=invoice`).set(u.auth);
    // income = 1000 + 2500 (labour and materials, net of VAT; CIS is not income's business) - 100
    expect(res.body.data).toMatchObject({
      income: { sales: 3500, creditNotes: -100, total: 3400 },
      allowableExpenses: 1749,
      totalExpenses: 1809,
      netProfit: 1591,
      taxableProfit: 1651,
    });
    expect(res.body.data.expenses[0]).toEqual({ category: 'COST_OF_GOODS', name: 'Cost of goods (materials)', allowable: true, count: 3, amount: 1449 });
  });

  it('when Q1 is asked on the cash basis, then income is the paid share of each invoice net of VAT and credit notes count nothing', async () => {
    const res = await request(t.app).get(`/api/reports/profit-and-loss?${Q1}&basis=cash`).set(u.auth);
    // £600 of £1,200: half of the £1,000 net
    expect(res.body.data).toMatchObject({
      basis: 'cash',
      income: { sales: 500, creditNotes: 0, total: 500 },
      totalExpenses: 810,
      netProfit: -310,
      taxableProfit: -250,
    });
  });

  it("when basis is left out, then the company's VAT scheme decides (invoice by default)", async () => {
    const res = await request(t.app).get(`/api/reports/profit-and-loss?${Q1}`).set(u.auth);
    expect(res.body.data).toMatchObject({ basis: 'invoice', netProfit: 90 });
  });

  it('when format=csv, then the same figures download as a CSV file', async () => {
    const res = await request(t.app).get(`/api/reports/profit-and-loss?${Q1}&basis=invoice&format=csv`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="profit-and-loss-2033-04-06-to-2033-07-05-invoice.csv"');
    expect(res.text).toContain('"Total income","900.00"\r\n');
    expect(res.text).toContain('"Cost of goods (materials)","yes","2","450.00"\r\n');
    expect(res.text).toContain('"Not allowable (personal, entertaining)","no","1","60.00"\r\n');
    expect(res.text).toContain('"Taxable profit (income less allowable expenses)","150.00"\r\n');
  });

  it('when the company is not registered for VAT, then expenses count at what was paid, VAT included', async () => {
    const other = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(other.auth)
      .send(sampleCompany({ vatNumber: '' }))
      .expect(201);
    expect(
      (
        await request(t.app)
          .post('/api/expenses')
          .set(other.auth)
          .send({ date: '2033-05-01', supplier: 'Wickes', category: 'REPAIRS', net: 100, vat: 'STANDARD' })
      ).status,
    ).toBe(201);
    const res = await request(t.app).get(`/api/reports/profit-and-loss?${Q1}`).set(other.auth);
    // £100 + £20 VAT not reclaimable; none of the first account's figures
    expect(res.body.data).toMatchObject({ vatRegistered: false, income: { sales: 0, creditNotes: 0, total: 0 }, totalExpenses: 120, netProfit: -120 });
    expect(res.body.data.expenses).toHaveLength(1);
  });

  it.each([
    ['to=2033-07-05', 'from must be a date (YYYY-MM-DD)'],
    ['from=2033-02-30&to=2033-07-05', 'from must be a date (YYYY-MM-DD)'],
    ['from=2033-07-05&to=2033-04-06', 'from must be on or before to'],
    [`${Q1}&basis=accrual`, 'basis must be invoice or cash'],
    [`${Q1}&format=pdf`, 'format must be json or csv'],
    [`${Q1}&form=csv`, 'Unknown field: form'],
  ])('when the query is %s, then 400 says what is wrong', async (query, message) => {
    const res = await request(t.app).get(`/api/reports/profit-and-loss?${query}`).set(u.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });
});

describe('GET /api/reports/cis', () => {
  it('when tax year 2033 is asked, then each payment counts its share of labour, materials and deduction in the tax month it was paid', async () => {
    const res = await request(t.app).get('/api/reports/cis?taxYear=2033').set(u.auth);
    expect(res.status).toBe(200);
    // C: due £2,600. £1,000 paid: labour 2000 x 1000/2600 = 769.23, materials 192.31, deducted 153.85;
    // £1,600 paid: 1230.77, 307.69, 246.15 (each half-up; together exactly 2000, 500, 400).
    // D: £90 of £90 paid on 5 April 2034 (month 12): labour 100, deducted 30; 6 April is next year's.
    expect(res.body.data).toEqual({
      taxYear: 2033,
      from: '2033-04-06',
      to: '2034-04-05',
      rows: [
        {
          clientId: expect.any(String),
          clientName: 'Main Contractor Ltd',
          taxMonth: 4,
          monthFrom: '2033-07-06',
          monthTo: '2033-08-05',
          payments: 1,
          gross: 961.54,
          labour: 769.23,
          materials: 192.31,
          deducted: 153.85,
        },
        {
          clientId: expect.any(String),
          clientName: 'Main Contractor Ltd',
          taxMonth: 5,
          monthFrom: '2033-08-06',
          monthTo: '2033-09-05',
          payments: 1,
          gross: 1538.46,
          labour: 1230.77,
          materials: 307.69,
          deducted: 246.15,
        },
        {
          clientId: expect.any(String),
          clientName: 'Small Contractor Ltd',
          taxMonth: 12,
          monthFrom: '2034-03-06',
          monthTo: '2034-04-05',
          payments: 1,
          gross: 100,
          labour: 100,
          materials: 0,
          deducted: 30,
        },
      ],
      contractors: [
        { clientId: expect.any(String), clientName: 'Main Contractor Ltd', gross: 2500, labour: 2000, materials: 500, deducted: 400 },
        { clientId: expect.any(String), clientName: 'Small Contractor Ltd', gross: 100, labour: 100, materials: 0, deducted: 30 },
      ],
      totals: { gross: 2600, labour: 2100, materials: 500, deducted: 430 },
    });
  });

  it('when the next tax year is asked, then the payment of 6 April 2034 is in its month 1', async () => {
    const res = await request(t.app).get('/api/reports/cis?taxYear=2034').set(u.auth);
    expect(res.body.data.rows).toEqual([
      {
        clientId: expect.any(String),
        clientName: 'Small Contractor Ltd',
        taxMonth: 1,
        monthFrom: '2034-04-06',
        monthTo: '2034-05-05',
        payments: 1,
        gross: 50,
        labour: 50,
        materials: 0,
        deducted: 15,
      },
    ]);
  });

  it('when format=csv, then every contractor month and the totals download as CSV', async () => {
    const res = await request(t.app).get('/api/reports/cis?taxYear=2033&format=csv').set(u.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="cis-deductions-2033-2034.csv"');
    expect(res.text).toContain('"Main Contractor Ltd","4","2033-07-06","2033-08-05","1","961.54","769.23","192.31","153.85"\r\n');
    expect(res.text).toContain('"Total","","","","","2600.00","2100.00","500.00","430.00"\r\n');
  });

  it('when another account asks for the same tax year, then it sees none of these payments', async () => {
    const other = await registerUser(t.app);
    const res = await request(t.app).get('/api/reports/cis?taxYear=2033').set(other.auth);
    expect(res.body.data).toMatchObject({ rows: [], contractors: [], totals: { gross: 0, labour: 0, materials: 0, deducted: 0 } });
  });

  it.each([
    ['', 'taxYear must be a year'],
    ['taxYear=26', 'taxYear must be a year'],
    ['taxYear=2026-27', 'taxYear must be a year'],
    ['taxYear=1999', 'taxYear must be a year'],
    ['taxYear=2026&format=xlsx', 'format must be json or csv'],
    ['taxYear=2026&year=2026', 'Unknown field: year'],
  ])('when the query is "%s", then 400 says what is wrong', async (query, message) => {
    const res = await request(t.app).get(`/api/reports/cis?${query}`).set(u.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });
});

describe('GET /api/reports/vat?format=csv', () => {
  it('when format=csv, then the VAT return downloads as CSV as /vat.csv does', async () => {
    const res = await request(t.app).get(`/api/reports/vat?${Q1}&basis=invoice&format=csv`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.text).toBe((await request(t.app).get(`/api/reports/vat.csv?${Q1}&basis=invoice`).set(u.auth)).text);
    expect((await request(t.app).get(`/api/reports/vat?${Q1}&format=ods`).set(u.auth)).status).toBe(400);
  });
});
