import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
});
afterAll(() => t.close());

const mixedLines = [
  { description: 'Labour', quantity: 7.5, unitPrice: 45, vat: 'STANDARD', unit: 'hour' },
  { description: 'Boiler', quantity: 1, unitPrice: 1249.99, vat: 'STANDARD', kind: 'MATERIALS', discountPercent: 10, unit: 'each' },
  { description: 'Insulation', quantity: 12.5, unitPrice: 8.37, vat: 'REDUCED', kind: 'MATERIALS', unit: 'm' },
  { description: 'Zero-rated', quantity: 3, unitPrice: 4.99, vat: 'ZERO' },
  { description: 'Exempt', quantity: 1, unitPrice: 60, vat: 'EXEMPT' },
];

describe('VAT per line', () => {
  it('when a quote mixes 20/5/0/exempt lines with a discount and half-hours, then it answers each rate and the totals to the penny', async () => {
    const c = await createClient(t.app, user);
    const res = await request(t.app).post('/api/quotes').set(user.auth).send({ clientId: c.id, lineItems: mixedLines, tax: 20 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ subtotal: 1642.09, taxAmount: 297.73, total: 1939.82, reverseChargeVat: 0 });
    expect(res.body.data.vatBreakdown).toEqual([
      { vat: 'STANDARD', rate: 20, net: 1462.49, vatAmount: 292.5, reverseCharge: false },
      { vat: 'REDUCED', rate: 5, net: 104.63, vatAmount: 5.23, reverseCharge: false },
      { vat: 'ZERO', rate: 0, net: 14.97, vatAmount: 0, reverseCharge: false },
      { vat: 'EXEMPT', rate: 0, net: 60, vatAmount: 0, reverseCharge: false },
    ]);
    expect(res.body.data.lineItems[1]).toEqual({
      description: 'Boiler',
      quantity: 1,
      unitPrice: 1249.99,
      vat: 'STANDARD',
      kind: 'MATERIALS',
      discountPercent: 10,
      unit: 'each',
    });
    const half = await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send({ clientId: c.id, lineItems: [{ description: 'Half an hour', quantity: 0.5, unitPrice: 40 }] });
    expect(half.status).toBe(201);
    expect(half.body.data).toMatchObject({ subtotal: 20, total: 24 });
    expect(half.body.data.vatBreakdown).toBeUndefined();
  });

  it('when a line has a bad VAT code, kind or discount, then 400 naming the field', async () => {
    const c = await createClient(t.app, user);
    for (const [line, field, message] of [
      [{ vat: 'HALF' }, 'lineItems.0.vat', 'VAT must be one of STANDARD, REDUCED, ZERO, EXEMPT, OUTSIDE_SCOPE, RC_STANDARD, RC_REDUCED'],
      [{ kind: 'PLANT' }, 'lineItems.0.kind', 'Kind must be LABOUR or MATERIALS'],
      [{ discountPercent: 100.5 }, 'lineItems.0.discountPercent', 'Discount must be between 0 and 100'],
      [{ discountPercent: 1.234 }, 'lineItems.0.discountPercent', 'Discount can have at most 2 decimal places'],
    ] as const) {
      const res = await request(t.app)
        .post('/api/invoices')
        .set(user.auth)
        .send(invoiceBody(c.id, { lineItems: [{ description: 'x', quantity: 1, unitPrice: 1, ...line }] }));
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ [field]: message });
    }
  });
});

describe('reverse charge', () => {
  const rcLines = [
    { description: 'Second fix', quantity: 16, unitPrice: 38.5, vat: 'RC_STANDARD' },
    { description: 'Insulation', quantity: 40, unitPrice: 12.13, vat: 'RC_REDUCED', kind: 'MATERIALS' },
  ];

  it('when the client has no VAT number, then 400 and nothing is created', async () => {
    const c = await createClient(t.app, user, { isBusiness: true });
    const before = (await request(t.app).get('/api/invoices').set(user.auth)).body.data.length;
    const res = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(c.id, { lineItems: rcLines }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Reverse charge needs the customer's VAT number");
    expect((await request(t.app).get('/api/invoices').set(user.auth)).body.data.length).toBe(before);
  });

  it('when the client is a VAT-registered builder, then the VAT is stated per rate, outside the total, and the balance is the net', async () => {
    const c = await createClient(t.app, user, { isBusiness: true, vatNumber: 'GB123456789' });
    const res = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(c.id, { lineItems: rcLines }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ subtotal: 1101.2, taxAmount: 0, total: 1101.2, reverseChargeVat: 147.46, balanceDue: 1101.2 });
    expect(res.body.data.vatBreakdown).toEqual([
      { vat: 'RC_STANDARD', rate: 20, net: 616, vatAmount: 123.2, reverseCharge: true },
      { vat: 'RC_REDUCED', rate: 5, net: 485.2, vatAmount: 24.26, reverseCharge: true },
    ]);
  });
});

describe('CIS', () => {
  const cisLines = [
    { description: 'Labour', quantity: 3, unitPrice: 180, discountPercent: 5 },
    { description: 'Labour (hours)', quantity: 2.25, unitPrice: 42.5, kind: 'LABOUR' },
    { description: 'Materials', quantity: 1, unitPrice: 356.78, kind: 'MATERIALS', discountPercent: 12.5 },
  ];

  it('when a CIS subcontractor invoices a 20% client, then cis and amountDue answer, and payments stop at the amount due', async () => {
    const u = await registerUser(t.app);
    expect(
      (
        await request(t.app)
          .post('/api/company')
          .set(u.auth)
          .send(sampleCompany({ cisSubcontractor: true }))
      ).status,
    ).toBe(201);
    const c = await createClient(t.app, u, { isBusiness: true, cisRate: 20 });
    expect(c).toMatchObject({ cisRate: 20 });
    const res = await request(t.app)
      .post('/api/invoices')
      .set(u.auth)
      .send(invoiceBody(c.id, { lineItems: cisLines, tax: 20 }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      subtotal: 920.81,
      taxAmount: 184.16,
      total: 1104.97,
      cis: { labourNet: 608.63, rate: 20, deduction: 121.73 },
      amountDue: 983.24,
      balanceDue: 983.24,
    });
    await act(t.app, u, 'invoices', res.body.data.id, 'send');
    const over = await request(t.app).post(`/api/invoices/${res.body.data.id}/payments`).set(u.auth).send({ amount: 1104.97 });
    expect(over.status).toBe(409);
    expect(over.body.error).toContain('£983.24');
    const paid = await request(t.app).post(`/api/invoices/${res.body.data.id}/payments`).set(u.auth).send({ amount: 983.24 });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ status: 'PAID', balanceDue: 0, amountPaid: 983.24 });
  });

  it('when the client is at 30% but the company is not a CIS subcontractor, then no deduction until it becomes one and the draft is saved', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u, { cisRate: 30 });
    const res = await request(t.app)
      .post('/api/invoices')
      .set(u.auth)
      .send(invoiceBody(c.id, { lineItems: cisLines }));
    expect(res.body.data.cis).toBeUndefined();
    expect(res.body.data.balanceDue).toBe(1104.97);
    expect(
      (
        await request(t.app)
          .post('/api/company')
          .set(u.auth)
          .send(sampleCompany({ cisSubcontractor: true }))
      ).status,
    ).toBe(201);
    const saved = await request(t.app)
      .put(`/api/invoices/${res.body.data.id}`)
      .set(u.auth)
      .send(invoiceBody(c.id, { lineItems: cisLines }));
    // 608.63 x 30% = 182.589 -> 182.59; 1104.97 - 182.59 = 922.38
    expect(saved.body.data).toMatchObject({ cis: { labourNet: 608.63, rate: 30, deduction: 182.59 }, amountDue: 922.38, balanceDue: 922.38 });
  });

  it('when a client CIS rate is not 0, 20 or 30, then 400', async () => {
    const res = await request(t.app).post('/api/clients').set(user.auth).send({ name: 'X', email: 'x@example.com', cisRate: 25 });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ cisRate: 'CIS rate must be 0, 20 or 30' });
  });
});

describe('catalogue items', () => {
  it('when an item carries VAT, kind and unit, then they are answered and an edit without them clears them', async () => {
    const res = await request(t.app)
      .post('/api/items')
      .set(user.auth)
      .send({ name: 'Insulation', description: 'Loft roll', price: 8.37, vat: 'REDUCED', kind: 'MATERIALS', unit: 'm' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ vat: 'REDUCED', kind: 'MATERIALS', unit: 'm' });
    const edited = await request(t.app)
      .put(`/api/items/${res.body.data.id}`)
      .set(user.auth)
      .send({ name: 'Insulation', description: 'Loft roll', price: 8.37 });
    expect(edited.body.data.vat).toBeUndefined();
    expect(edited.body.data.unit).toBeUndefined();
  });
});
