import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { creditNotes, invoices } from '../../db/schema.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let u: TestUser;
const Q1 = 'from=2031-01-01&to=2031-03-31';

/**
 * A fixture quarter (Q1 2031): invoice A mixes every rate and is half paid; invoice B is reverse
 * charge and paid; a credit note takes £100 + 20% off A; a draft and a next-quarter invoice do not count.
 */
beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
  const homeowner = await createClient(t.app, u);
  const builder = await createClient(t.app, u, { isBusiness: true, vatNumber: 'GB111222333' });
  const post = async (clientId: string, lineItems: unknown[], now: string) => {
    t.setNow(now);
    const res = await request(t.app)
      .post('/api/invoices')
      .set(u.auth)
      .send(invoiceBody(clientId, { lineItems, dueDate: '2031-06-30' }));
    expect(res.status).toBe(201);
    // created_at is the database's clock: the fixture dates it in the quarter
    await t.ctx.db
      .update(invoices)
      .set({ createdAt: new Date(now) })
      .where(eq(invoices.id, res.body.data.id));
    return res.body.data as { id: string };
  };
  const a = await post(
    homeowner.id,
    [
      { description: 'Work', quantity: 1, unitPrice: 1000, vat: 'STANDARD' },
      { description: 'Insulation', quantity: 1, unitPrice: 100, vat: 'REDUCED' },
      { description: 'Books', quantity: 1, unitPrice: 50, vat: 'ZERO' },
      { description: 'Insurance', quantity: 1, unitPrice: 30, vat: 'EXEMPT' },
      { description: 'Disbursement', quantity: 1, unitPrice: 20, vat: 'OUTSIDE_SCOPE' },
    ],
    '2031-01-10T10:00:00Z',
  );
  const b = await post(builder.id, [{ description: 'Second fix', quantity: 1, unitPrice: 500, vat: 'RC_STANDARD' }], '2031-02-15T10:00:00Z');
  await post(homeowner.id, [{ description: 'Draft', quantity: 1, unitPrice: 999, vat: 'STANDARD' }], '2031-02-20T10:00:00Z');
  const later = await post(homeowner.id, [{ description: 'Next quarter', quantity: 1, unitPrice: 300, vat: 'STANDARD' }], '2031-04-02T10:00:00Z');
  t.setNow('2031-04-05T10:00:00Z');
  for (const id of [a.id, b.id, later.id]) expect((await act(t.app, u, 'invoices', id, 'send')).status).toBe(200);
  const pay = async (id: string, amount: number, date: string) =>
    expect((await request(t.app).post(`/api/invoices/${id}/payments`).set(u.auth).send({ amount, date })).status).toBe(201);
  await pay(a.id, 702.5, '2031-02-01');
  await pay(b.id, 500, '2031-03-01');
  await pay(later.id, 360, '2031-04-03');
  t.setNow('2031-03-10T10:00:00Z');
  const cn = await request(t.app)
    .post(`/api/invoices/${a.id}/credit-notes`)
    .set(u.auth)
    .send({ reason: 'Overcharge', lineItems: [{ description: 'Work', quantity: 1, unitPrice: 100, vat: 'STANDARD' }] });
  expect(cn.status).toBe(201);
  await t.ctx.db
    .update(creditNotes)
    .set({ createdAt: new Date('2031-03-10T10:00:00Z') })
    .where(eq(creditNotes.id, cn.body.data.id));
  t.setNow(null);
});
afterAll(() => t.close());

describe('GET /api/reports/vat', () => {
  it('when the quarter is asked on the invoice basis, then box 1 leaves out RC VAT, box 6 leaves out outside-the-scope, and credit notes reduce both', async () => {
    const res = await request(t.app).get(`/api/reports/vat?${Q1}&basis=invoice`).set(u.auth);
    expect(res.status).toBe(200);
    // box 1 = 200 + 5 - 20; box 6 = 1000 + 100 + 50 + 30 + 500 - 100
    expect(res.body.data).toMatchObject({ from: '2031-01-01', to: '2031-03-31', basis: 'invoice', box1: 185, box6: 1580, reverseChargeNet: 500 });
    expect(res.body.data.creditNoteAdjustments).toEqual({ net: -100, vatAmount: -20 });
    expect(res.body.data.byRate).toEqual([
      { vat: 'STANDARD', rate: 20, reverseCharge: false, net: 900, vatAmount: 180 },
      { vat: 'REDUCED', rate: 5, reverseCharge: false, net: 100, vatAmount: 5 },
      { vat: 'ZERO', rate: 0, reverseCharge: false, net: 50, vatAmount: 0 },
      { vat: 'EXEMPT', rate: 0, reverseCharge: false, net: 30, vatAmount: 0 },
      { vat: 'OUTSIDE_SCOPE', rate: 0, reverseCharge: false, net: 20, vatAmount: 0 },
      { vat: 'RC_STANDARD', rate: 20, reverseCharge: true, net: 500, vatAmount: 100 },
    ]);
    expect(new Set(res.body.data.documents.map((d: { number: string }) => d.number))).toEqual(new Set(['INV0001', 'INV0002', 'CN0001']));
  });

  it('when the quarter is asked on the cash basis, then each payment counts its share of every rate', async () => {
    const res = await request(t.app).get(`/api/reports/vat?${Q1}&basis=cash`).set(u.auth);
    // A: 702.50 of 1405 = half of each rate; B: paid in full. box 1 = 100 + 2.50; box 6 = 500 + 50 + 25 + 15 + 500
    expect(res.body.data).toMatchObject({ basis: 'cash', box1: 102.5, box6: 1090, reverseChargeNet: 500, creditNoteAdjustments: { net: 0, vatAmount: 0 } });
    expect(res.body.data.byRate[0]).toEqual({ vat: 'STANDARD', rate: 20, reverseCharge: false, net: 500, vatAmount: 100 });
  });

  it('when no basis is given, then the company VAT scheme decides; the CSV carries the same figures and every document', async () => {
    await request(t.app)
      .put('/api/company')
      .set(u.auth)
      .send(sampleCompany({ vatScheme: 'cash' }));
    expect((await request(t.app).get(`/api/reports/vat?${Q1}`).set(u.auth)).body.data).toMatchObject({ basis: 'cash', box1: 102.5 });
    const csv = await request(t.app).get(`/api/reports/vat.csv?${Q1}&basis=invoice`).set(u.auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('"Box 1 (VAT due on sales)","185.00"');
    expect(csv.text).toContain('"Box 6 (sales excluding VAT)","1580.00"');
    expect(csv.text).toContain('"Credit note","CN0001","2031-03-10","Acme Plumbing Ltd","STANDARD","-100.00","-20.00"');
  });

  it('when dates are missing or reversed, then 400 naming the field', async () => {
    const missing = await request(t.app).get('/api/reports/vat?to=2031-03-31').set(u.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual({ from: 'from must be a date (YYYY-MM-DD)' });
    const reversed = await request(t.app).get('/api/reports/vat?from=2031-04-01&to=2031-03-31').set(u.auth);
    expect(reversed.body.details).toEqual({ to: 'from must be on or before to' });
  });

  it('when another account asks for the figures, then it sees only its own (none)', async () => {
    const other = await registerUser(t.app);
    expect((await request(t.app).get(`/api/reports/vat?${Q1}&basis=invoice`).set(other.auth)).body.data).toMatchObject({
      box1: 0,
      box6: 0,
      byRate: [],
      documents: [],
    });
  });
});
