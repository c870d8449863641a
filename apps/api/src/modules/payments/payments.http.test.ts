import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, getBinary, invoiceBody } from '../../../test/document-fixtures.ts';
import { fingerprint } from '../../../test/adversarial/support.ts';
import { addDays, londonDay } from '../../lib/clock.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;
const today = () => londonDay(new Date());

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  user = await registerUser(t.app);
  await request(t.app)
    .post('/api/company')
    .set(user.auth)
    .send(sampleCompany({ baseRatePercent: 5.25 }))
    .expect(201);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

/** A sent invoice of one line at `pounds` with no VAT, so its total is exactly `pounds`. */
async function sent(pounds: number, over: Record<string, unknown> = {}, u: TestUser = user, c: string = clientId) {
  const body = { lineItems: [{ description: 'Work', quantity: 1, unitPrice: pounds }], tax: 0, ...over };
  // No invoice is issued due before its issue date (docs/product.md, "Payment terms"): a late one is
  // issued, then its due date moved back (the one field an issued invoice may change).
  const inv = await createInvoice(t.app, u, c, over.dueDate ? { ...body, dueDate: '2099-01-31' } : body);
  expect((await act(t.app, u, 'invoices', inv.id, 'send')).status).toBe(200);
  if (over.dueDate) await request(t.app).put(`/api/invoices/${inv.id}`).set(u.auth).send(invoiceBody(c, body)).expect(200);
  return inv as { id: string };
}
const pay = (id: string, body: Record<string, unknown>, u: TestUser = user) => request(t.app).post(`/api/invoices/${id}/payments`).set(u.auth).send(body);
const unpay = (id: string, paymentId: string, u: TestUser = user) => request(t.app).delete(`/api/invoices/${id}/payments/${paymentId}`).set(u.auth);
const get = async (id: string) => (await request(t.app).get(`/api/invoices/${id}`).set(user.auth)).body.data;
const cents = (pounds: number) => Math.round(pounds * 100);

describe('recording and removing payments', () => {
  it('when a part payment is recorded, then 201 with amountPaid, the payment and the balance, still SENT, and a history line', async () => {
    const inv = await sent(100);
    const res = await pay(inv.id, { amount: 40, method: 'CASH', reference: 'Doorstep' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'SENT', amountPaid: 40, balanceDue: 60, paidAt: null });
    expect(res.body.data.payments).toEqual([
      {
        id: expect.any(String),
        amount: 40,
        date: today(),
        method: 'CASH',
        reference: 'Doorstep',
        createdAt: expect.any(String),
        by: { userId: user.id, email: user.email, name: user.email.split('@')[0] },
      },
    ]);
    const history = (await request(t.app).get(`/api/invoices/${inv.id}/history`).set(user.auth)).body.data as { action: string; summary: string }[];
    // the day as the user reads it (DD/MM/YYYY), not the wire's YYYY-MM-DD
    const [y, m, d] = today().split('-');
    expect(history.at(-1)).toMatchObject({ action: 'payment recorded', summary: `Payment of £40.00 on ${d}/${m}/${y} by cash (Doorstep)` });
  });

  it('when payments reach the total, then PAID with paidAt the settling payment date; removing one goes back to SENT (or OVERDUE)', async () => {
    const inv = await sent(100, { dueDate: addDays(today(), -3) });
    await pay(inv.id, { amount: 30, date: today() }).expect(201);
    const paid = (await pay(inv.id, { amount: 70 }).expect(201)).body.data;
    expect(paid).toMatchObject({ status: 'PAID', amountPaid: 100, balanceDue: 0 });
    expect(paid.paidAt.slice(0, 10)).toBe(today());
    const back = (await unpay(inv.id, paid.payments[1].id).expect(200)).body.data;
    expect(back).toMatchObject({ status: 'OVERDUE', amountPaid: 30, balanceDue: 70, paidAt: null });
    const history = (await request(t.app).get(`/api/invoices/${inv.id}/history`).set(user.auth)).body.data as { action: string }[];
    expect(history.at(-1)!.action).toBe('payment removed');
  });

  it('when Mark as Paid is used, then one payment of the whole balance, today, by bank transfer', async () => {
    const inv = await sent(250);
    await pay(inv.id, { amount: 50 }).expect(201);
    const res = await act(t.app, user, 'invoices', inv.id, 'pay');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'PAID', amountPaid: 250, balanceDue: 0 });
    expect(res.body.data.payments[1]).toMatchObject({ amount: 200, method: 'BANK_TRANSFER', date: today(), reference: null });
  });

  it('when a payment would overpay, then 409 naming the balance and nothing changes', async () => {
    const inv = await sent(100);
    await pay(inv.id, { amount: 99.99 }).expect(201);
    const before = await fingerprint(t.ctx.db);
    const res = await pay(inv.id, { amount: 0.02 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Payment is more than the balance due (£0.01)');
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when the invoice is DRAFT or VOID, then 409 Only issued invoices can take payments', async () => {
    const draft = await createInvoice(t.app, user, clientId);
    expect((await pay(draft.id, { amount: 1 })).body).toMatchObject({ success: false, error: 'Only issued invoices can take payments' });
    const voided = await sent(10);
    await request(t.app).patch(`/api/invoices/${voided.id}/void`).set(user.auth).send({ reason: 'Wrong client' }).expect(200);
    const res = await pay(voided.id, { amount: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Only issued invoices can take payments');
  });

  it('when an invoice has payments, then it cannot be voided or reverted', async () => {
    const inv = await sent(10);
    await pay(inv.id, { amount: 1 }).expect(201);
    expect((await request(t.app).patch(`/api/invoices/${inv.id}/void`).set(user.auth).send({ reason: 'x' })).status).toBe(409);
    expect((await act(t.app, user, 'invoices', inv.id, 'revert')).status).toBe(409);
  });

  it('when the body is bad, then 400 with the field message and nothing changes', async () => {
    const inv = await sent(100);
    const before = await fingerprint(t.ctx.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'Amount must be greater than 0'],
      [{ amount: -5 }, 'Amount must be greater than 0'],
      [{}, 'Amount must be greater than 0'],
      [{ amount: '10' }, 'Amount must be greater than 0'],
      [{ amount: 1.005 }, 'Amount must have at most 2 decimal places'],
      [{ amount: 1, date: addDays(today(), 1) }, 'Payment date cannot be in the future'],
      [{ amount: 1, date: '2020-01-01' }, 'Payment date cannot be before the invoice date'],
      [{ amount: 1, date: '2026-02-30' }, 'Date must be a valid date (YYYY-MM-DD)'],
      [{ amount: 1, method: 'BITCOIN' }, 'Method must be one of BANK_TRANSFER, CARD, CASH, CHEQUE, OTHER'],
      [{ amount: 1, reference: 'x'.repeat(101) }, 'Reference must be 100 characters or less'],
    ];
    for (const [body, message] of cases) {
      const res = await pay(inv.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when 50 payments of £10 race on a £100 invoice, then exactly 10 are accepted, the rest 409, balance 0 and PAID', async () => {
    const inv = await sent(100);
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(inv.id, { amount: 10 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(40);
    const final = await get(inv.id);
    expect(final).toMatchObject({ status: 'PAID', amountPaid: 100, balanceDue: 0 });
    expect(final.payments).toHaveLength(10);
  });

  it('when any sequence of payments, removals and credits runs, then paid + credited + balance = total to the penny and the status follows', async () => {
    const inv = await sent(123.45);
    const model = { paid: [] as { id: string; pence: number }[], credited: 0 };
    const total = 12345;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('pay' as const), pence: fc.integer({ min: 1, max: 6000 }) }),
      fc.record({ kind: fc.constant('remove' as const), index: fc.nat() }),
      fc.record({ kind: fc.constant('credit' as const), pence: fc.integer({ min: 1, max: 3000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'pay') {
            const res = await pay(inv.id, { amount: o.pence / 100 });
            const due = Math.max(0, total - model.paid.reduce((s, p) => s + p.pence, 0) - model.credited);
            expect(res.status).toBe(o.pence <= due ? 201 : 409);
            if (res.status === 201)
              model.paid.push({ id: res.body.data.payments.find((p: { id: string }) => !model.paid.some((m) => m.id === p.id)).id, pence: o.pence });
          } else if (o.kind === 'remove' && model.paid.length) {
            const [gone] = model.paid.splice(o.index % model.paid.length, 1);
            expect((await unpay(inv.id, gone!.id)).status).toBe(200);
          } else if (o.kind === 'credit') {
            const res = await request(t.app)
              .post(`/api/invoices/${inv.id}/credit-notes`)
              .set(user.auth)
              .send({ reason: 'Adjust', lineItems: [{ description: 'Adjust', quantity: 1, unitPrice: o.pence / 100 }] });
            if (res.status === 201) model.credited += o.pence;
            else expect(res.status).toBe(409);
          }
          const now = await get(inv.id);
          const paid = model.paid.reduce((s, p) => s + p.pence, 0);
          expect(cents(now.amountPaid)).toBe(paid);
          expect(cents(now.amountCredited)).toBe(model.credited);
          expect(cents(now.amountPaid) + cents(now.amountCredited) + cents(now.balanceDue)).toBe(Math.max(total, paid + model.credited));
          const due = total - paid - model.credited;
          expect(now.status).toBe(due > 0 ? 'SENT' : paid > 0 ? 'PAID' : 'CREDITED');
        }
      }),
      { numRuns: 8 },
    );
  });
});

describe('GET /api/payments', () => {
  it('when filtered by method, client and dates, then only matching payments, newest first, with invoice and client', async () => {
    const u = await registerUser(t.app);
    const a = await createClient(t.app, u, { name: 'Alpha' });
    const b = await createClient(t.app, u, { name: 'Beta' });
    const ia = await sent(100, {}, u, a.id);
    const ib = await sent(100, {}, u, b.id);
    await pay(ia.id, { amount: 10, method: 'CARD' }, u).expect(201);
    await pay(ib.id, { amount: 20, method: 'CASH' }, u).expect(201);
    const all = (await request(t.app).get('/api/payments').set(u.auth)).body.data;
    expect(all.map((p: { amount: number }) => p.amount)).toEqual([20, 10]);
    const card = (await request(t.app).get('/api/payments?method=CARD').set(u.auth)).body.data;
    expect(card.items).toHaveLength(1);
    expect(card.items[0]).toMatchObject({ clientName: 'Alpha', amount: 10, method: 'CARD' });
    const beta = (await request(t.app).get(`/api/payments?clientId=${b.id}&from=${today()}&to=${today()}`).set(u.auth)).body.data;
    expect(beta.items.map((p: { clientName: string }) => p.clientName)).toEqual(['Beta']);
    expect((await request(t.app).get('/api/payments?from=2000-01-01&to=2000-01-02').set(u.auth)).body.data.items).toEqual([]);
    expect((await request(t.app).get('/api/payments?from=nope').set(u.auth)).status).toBe(400);
  });
});

describe('aged debtors', () => {
  it('when balances fall due at every bucket boundary, then each lands in its bucket and totals equal the dashboard Outstanding', async () => {
    const u = await registerUser(t.app);
    const c1 = await createClient(t.app, u, { name: 'Aardvark Ltd' });
    const c2 = await createClient(t.app, u, { name: 'Badger Ltd' });
    const asOf = today();
    // days past due -> expected bucket, amounts distinct so a misplaced one shows
    const fixture: [number, string, number][] = [
      [-5, 'current', 1.01],
      [0, 'current', 2.02],
      [1, 'days1to30', 4.04],
      [30, 'days1to30', 8.08],
      [31, 'days31to60', 16.16],
      [60, 'days31to60', 32.32],
      [61, 'days61to90', 64.64],
      [90, 'days61to90', 128.28],
      [91, 'over90', 256.56],
    ];
    for (const [days, , amount] of fixture) await sent(amount, { dueDate: addDays(asOf, -days) }, u, c1.id);
    const part = await sent(100, { dueDate: addDays(asOf, -45) }, u, c2.id);
    await pay(part.id, { amount: 33.33 }, u).expect(201);
    const paidOff = await sent(50, {}, u, c2.id);
    await act(t.app, u, 'invoices', paidOff.id, 'pay').expect(200);
    await createInvoice(t.app, u, c2.id); // a draft owes nothing yet
    const res = await request(t.app).get(`/api/reports/aged-debtors?asOf=${asOf}`).set(u.auth);
    expect(res.status).toBe(200);
    const sum = (bucket: string) => fixture.filter((f) => f[1] === bucket).reduce((s, f) => s + cents(f[2]), 0) / 100;
    expect(res.body.data.rows).toEqual([
      {
        clientId: c1.id,
        clientName: 'Aardvark Ltd',
        current: sum('current'),
        days1to30: sum('days1to30'),
        days31to60: sum('days31to60'),
        days61to90: sum('days61to90'),
        over90: sum('over90'),
        total: 513.11,
      },
      { clientId: c2.id, clientName: 'Badger Ltd', current: 0, days1to30: 0, days31to60: 66.67, days61to90: 0, over90: 0, total: 66.67 },
    ]);
    expect(res.body.data.totals.total).toBe(579.78);
    const dash = (await request(t.app).get('/api/dashboard').set(u.auth)).body.data;
    expect(dash.outstanding).toBe(579.78);
    expect(dash.aged).toEqual(res.body.data.totals);
    expect(dash.overdueAmount).toBe(Math.round((579.78 - 1.01 - 2.02) * 100) / 100);
    expect(dash.receivedThisMonth).toBe(83.33);
    expect((await request(t.app).get('/api/reports/aged-debtors?asOf=2026-13-01').set(u.auth)).status).toBe(400);
  });
});

describe('late payment (business clients)', () => {
  /** base 5.25% + 8% = 13.25% a year, simple, 30 days late */
  const interest = (pence: number, days: number) => Math.floor((2 * pence * 1325 * days + 10000 * 365) / (2 * 10000 * 365)) / 100;
  it.each([
    [999.99, 40],
    [1000, 70],
    [9999.99, 70],
    [10000, 100],
  ])('when a business client owes %s for 30 days, then interest at base plus 8 points and £%s compensation', async (amount, compensation) => {
    const business = await createClient(t.app, user, { name: `Trade ${amount}`, isBusiness: true, vatNumber: 'GB999999973' });
    const inv = await sent(amount, { dueDate: addDays(today(), -30) }, user, business.id);
    const data = await get(inv.id);
    expect(data.status).toBe('OVERDUE');
    expect(data.latePayment).toEqual({ daysLate: 30, interest: interest(cents(amount), 30), compensation });
  });

  it('when the client is a consumer, or the invoice is not overdue, then no latePayment', async () => {
    const consumer = await sent(5000, { dueDate: addDays(today(), -30) });
    expect((await get(consumer.id)).latePayment).toBeNull();
    const business = await createClient(t.app, user, { name: 'Trade Co', isBusiness: true });
    const notDue = await sent(5000, { dueDate: today() }, user, business.id);
    expect((await get(notDue.id)).latePayment).toBeNull();
  });

  it('when the notice is on, then business invoice PDFs carry the statement and consumer ones never do', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ latePaymentNotice: true, baseRatePercent: 4 }))
      .expect(201);
    const company = (await request(t.app).get('/api/company').set(u.auth)).body.data;
    expect(company).toMatchObject({ latePaymentNotice: true, baseRatePercent: 4, baseRateSetOn: today() });
    const biz = await createClient(t.app, u, { name: 'Biz Ltd', isBusiness: true });
    const person = await createClient(t.app, u, { name: 'Jo Public' });
    const ib = await sent(100, {}, u, biz.id);
    const ip = await sent(100, {}, u, person.id);
    expect(await pdfText(`/api/invoices/${ib.id}/preview`, u)).toContain('Late Payment of Commercial Debts');
    expect(await pdfText(`/api/invoices/${ip.id}/preview`, u)).not.toContain('Late Payment');
  });
});

const pdfBody = (path: string, u: TestUser) => getBinary(t.app, u, path);
async function pdfText(path: string, u: TestUser) {
  const res = await pdfBody(path, u);
  expect(res.status).toBe(200);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.body as Buffer })
    .toString('utf8')
    .replace(/\s+/g, ' ');
}

describe('client account and statement', () => {
  it('when a client has invoices, payments and credits, then the account lists them and the statement PDF shows each movement and the closing balance', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = await createClient(t.app, u, { name: 'Statement Client Ltd' });
    const a = await sent(300, {}, u, c.id);
    const b = await sent(120, {}, u, c.id);
    await pay(a.id, { amount: 100, reference: 'BACS-1' }, u).expect(201);
    await request(t.app)
      .post(`/api/invoices/${b.id}/credit-notes`)
      .set(u.auth)
      .send({ reason: 'Discount', lineItems: [{ description: 'Discount', quantity: 1, unitPrice: 20 }] })
      .expect(201);
    const account = (await request(t.app).get(`/api/clients/${c.id}/account`).set(u.auth)).body.data;
    expect(account.balance).toBe(300);
    expect(account.invoices).toHaveLength(2);
    expect(account.payments).toHaveLength(1);
    expect(account.creditNotes).toHaveLength(1);
    const text = await pdfText(`/api/clients/${c.id}/statement`, u);
    for (const needle of [
      'STATEMENT',
      'Statement Client Ltd',
      'Opening balance',
      'Invoice INV0001',
      '£300.00',
      'Invoice INV0002',
      '£120.00',
      'Payment INV0001 (BACS-1)',
      '£100.00',
      'Credit note CN0001',
      '£20.00',
      'Closing balance £300.00',
      'Barclays',
    ]) {
      expect(text).toContain(needle);
    }
    const later = await pdfText(`/api/clients/${c.id}/statement?from=${addDays(today(), 1)}&to=${addDays(today(), 1)}`, u);
    expect(later).toContain('Opening balance £300.00');
    expect((await request(t.app).get(`/api/clients/${c.id}/statement?from=2026-02-30`).set(u.auth)).status).toBe(400);
  });
});

describe('cross-account isolation', () => {
  it("when another account asks for my invoice's payments, client account or statement, then 404 and nothing changes", async () => {
    const inv = await sent(100);
    const withPayment = (await pay(inv.id, { amount: 5 }).expect(201)).body.data;
    const other = await registerUser(t.app);
    await request(t.app).post('/api/company').set(other.auth).send(sampleCompany()).expect(201);
    const before = await fingerprint(t.ctx.db);
    expect((await pay(inv.id, { amount: 1 }, other)).status).toBe(404);
    expect((await unpay(inv.id, withPayment.payments[0].id, other)).status).toBe(404);
    expect((await request(t.app).get(`/api/clients/${clientId}/account`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).get(`/api/clients/${clientId}/statement`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).get(`/api/payments?clientId=${clientId}`).set(other.auth)).body.data.items).toEqual([]);
    expect((await request(t.app).get('/api/reports/aged-debtors').set(other.auth)).body.data.rows).toEqual([]);
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });
});

describe('late-payment settings and client flags are kept by edits that do not send them', () => {
  it('when the company and a business client are saved without the new fields, then the stored values stay', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ latePaymentNotice: true, baseRatePercent: 4.5 }))
      .expect(201);
    const saved = (
      await request(t.app)
        .put('/api/company')
        .set(u.auth)
        .send(sampleCompany({ name: 'Renamed' }))
        .expect(200)
    ).body.data;
    expect(saved).toMatchObject({ name: 'Renamed', latePaymentNotice: true, baseRatePercent: 4.5, baseRateSetOn: today() });
    const c = await createClient(t.app, u, { isBusiness: true, vatNumber: 'GB111' });
    const edited = (await request(t.app).put(`/api/clients/${c.id}`).set(u.auth).send({ name: 'Still Biz', email: 'a@b.example' }).expect(200)).body.data;
    expect(edited).toMatchObject({ name: 'Still Biz', isBusiness: true, vatNumber: 'GB111' });
    const consumer = (
      await request(t.app)
        .put(`/api/clients/${c.id}`)
        .set(u.auth)
        .send({ name: 'Now Person', email: 'a@b.example', isBusiness: false, vatNumber: null })
        .expect(200)
    ).body.data;
    expect(consumer).toMatchObject({ isBusiness: false, vatNumber: null });
  });
});
