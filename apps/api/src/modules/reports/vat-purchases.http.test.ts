import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let u: TestUser;
const Q2 = 'from=2033-04-01&to=2033-06-30';

/**
 * A worked quarter with purchases (Q2 2033), checked by hand below: one £1,000 + 20% sale, 60%
 * paid in the quarter; seven expenses, one after the quarter.
 */
beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
  const client = await createClient(t.app, u);
  t.setNow('2033-04-10T10:00:00Z');
  const inv = await request(t.app)
    .post('/api/invoices')
    .set(u.auth)
    .send(invoiceBody(client.id, { lineItems: [{ description: 'Rewire', quantity: 1, unitPrice: 1000, vat: 'STANDARD' }], dueDate: '2033-06-30' }));
  await t.ctx.db
    .update(invoices)
    .set({ createdAt: new Date('2033-04-10T10:00:00Z') })
    .where(eq(invoices.id, inv.body.data.id));
  expect((await act(t.app, u, 'invoices', inv.body.data.id, 'send')).status).toBe(200);
  t.setNow('2033-05-02T10:00:00Z');
  expect((await request(t.app).post(`/api/invoices/${inv.body.data.id}/payments`).set(u.auth).send({ amount: 720, date: '2033-05-01' })).status).toBe(201);
  t.setNow(null);
  const spend = async (date: string, supplier: string, category: string, net: number, vat: string) =>
    expect((await request(t.app).post('/api/expenses').set(u.auth).send({ date, supplier, category, net, vat })).status).toBe(201);
  await spend('2033-04-15', 'Screwfix', 'COST_OF_GOODS', 250, 'STANDARD');
  await spend('2033-05-10', 'Insulation Direct', 'COST_OF_GOODS', 100, 'REDUCED');
  await spend('2033-05-20', 'Van insurer', 'CAR_VAN_TRAVEL', 300, 'EXEMPT');
  await spend('2033-06-01', 'Apprentice wages', 'WAGES', 1000, 'OUTSIDE_SCOPE');
  await spend('2033-06-10', 'Second-fix Ltd (CIS subcontractor)', 'COST_OF_GOODS', 2000, 'RC_STANDARD');
  await spend('2033-06-12', 'Sole-trader plasterer', 'COST_OF_GOODS', 80, 'NONE');
  await spend('2033-07-01', 'Next quarter', 'COST_OF_GOODS', 999, 'STANDARD');
});
afterAll(() => t.close());

describe('GET /api/reports/vat with purchases', () => {
  it('when the quarter is asked on the invoice basis, then box 4 reclaims purchase VAT and reverse-charge VAT sits in boxes 1 and 4', async () => {
    const res = await request(t.app).get(`/api/reports/vat?${Q2}&basis=invoice`).set(u.auth);
    expect(res.status).toBe(200);
    // box 1 = 200 (sale) + 400 (20% of the £2,000 reverse-charge purchase)
    // box 4 = 50 + 5 + 0 (exempt) + 0 (outside scope) + 400 (reverse charge) + 0 (no VAT)
    // box 7 = 250 + 100 + 300 + 2000 + 80 (wages are outside the scope: not in box 7)
    expect(res.body.data).toMatchObject({
      basis: 'invoice',
      box1: 600,
      box2: 0,
      box3: 600,
      box4: 455,
      box5: 145,
      box6: 1000,
      box7: 2730,
      box8: 0,
      box9: 0,
      reverseChargePurchasesVat: 400,
    });
    expect(res.body.data.purchases).toHaveLength(6);
    expect(res.body.data.purchases.find((p: { supplier: string }) => p.supplier.startsWith('Second-fix'))).toMatchObject({
      reverseCharge: true,
      net: 2000,
      vatAmount: 400,
    });
  });

  it('when the quarter is asked on the cash basis, then sales count what was paid and purchases count on their dates', async () => {
    const res = await request(t.app).get(`/api/reports/vat?${Q2}&basis=cash`).set(u.auth);
    // £720 of £1,200 paid: 60% of net 1000 = 600 and of VAT 200 = 120; box 1 = 120 + 400
    expect(res.body.data).toMatchObject({ basis: 'cash', box1: 520, box3: 520, box4: 455, box5: 65, box6: 600, box7: 2730 });
  });

  it('when purchases outweigh sales, then box 5 is negative (a reclaim), and the CSV carries every box', async () => {
    const res = await request(t.app).get('/api/reports/vat?from=2033-06-01&to=2033-06-30&basis=invoice').set(u.auth);
    // no sales in June: box 1 = 400 (reverse charge), box 4 = 400, box 5 = 0
    expect(res.body.data).toMatchObject({ box1: 400, box4: 400, box5: 0, box6: 0, box7: 2080 });
    const may = await request(t.app).get('/api/reports/vat?from=2033-05-01&to=2033-05-31&basis=invoice').set(u.auth);
    expect(may.body.data).toMatchObject({ box1: 0, box4: 5, box5: -5, box7: 400 });
    const csv = await request(t.app).get(`/api/reports/vat.csv?${Q2}&basis=invoice`).set(u.auth);
    expect(csv.text).toContain('"Box 4 (VAT reclaimed on purchases)","455.00"');
    expect(csv.text).toContain('"Box 7 (purchases excluding VAT)","2730.00"');
    expect(csv.text).toContain('"Expense","2033-06-10","Second-fix Ltd (CIS subcontractor)","RC_STANDARD","2000.00","400.00"');
  });

  it('when another account asks for the same quarter, then none of these purchases count', async () => {
    const other = await registerUser(t.app);
    const res = await request(t.app).get(`/api/reports/vat?${Q2}`).set(other.auth);
    expect(res.body.data).toMatchObject({ box1: 0, box4: 0, box7: 0, purchases: [] });
  });
});
