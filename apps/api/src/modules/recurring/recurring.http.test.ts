import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient } from '../../../test/document-fixtures.ts';
import { createModules } from '../../composition.ts';
import { createApp } from '../../app.ts';
import { checkAnswers } from '../../../test/answer-schemas.ts';
import { EMAIL_MESSAGES } from '@docket/schemas/email';

let t: TestApp;
let user: TestUser;
let clientId: string;
let sweeps: ReturnType<typeof createModules>['recurring'][];
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1 } });
  user = await registerUser(t.app);
  clientId = (await createClient(t.app, user)).id;
  // Two schedulers, as two API processes on one database would have.
  sweeps = [createModules(t.ctx).recurring, createModules(t.ctx).recurring];
});
afterAll(() => t.close());
// Each test's schedules go, so a later sweep years ahead does not issue theirs too.
afterEach(async () => {
  t.setNow(null);
  const rows = (await request(t.app).get('/api/recurring-invoices').set(user.auth)).body.data as { id: string }[];
  for (const r of rows) await request(t.app).delete(`/api/recurring-invoices/${r.id}`).set(user.auth);
});

const body = (over: Record<string, unknown> = {}) => ({
  clientId,
  lineItems: [{ description: 'Landlord gas safety check', quantity: 1, unitPrice: 80 }],
  tax: 20,
  frequency: 'MONTHLY',
  startDate: '2027-01-31',
  dueDays: 14,
  autoSend: false,
  siteAddress: '9 Flat Lane, York',
  ...over,
});
/** Sets up a schedule on `day` (London noon). */
async function createOn(day: string, over: Record<string, unknown> = {}, u: TestUser = user) {
  t.setNow(`${day}T12:00:00Z`);
  const res = await request(t.app).post('/api/recurring-invoices').set(u.auth).send(body(over));
  t.setNow(null);
  expect(res.status).toBe(201);
  return res.body.data as {
    id: string;
    nextRunDate: string | null;
    issuedCount: number;
    invoices: { invoiceNumber: string; periodDate: string; id: string }[];
  };
}
async function sweepOn(day: string, parallel = false) {
  t.setNow(`${day}T12:00:00Z`);
  if (parallel) await Promise.all(sweeps.map((s) => s.sweep()));
  else await sweeps[0]!.sweep();
  t.setNow(null);
}
const read = async (id: string) => (await request(t.app).get(`/api/recurring-invoices/${id}`).set(user.auth)).body.data;

describe('recurring invoices on a fake clock', () => {
  it('when a monthly schedule starts on 31 January, then it issues on the start day, 28 February and 31 March, each dated for its period', async () => {
    const made = await createOn('2027-01-31');
    expect(made.issuedCount).toBe(1);
    expect(made.nextRunDate).toBe('2027-02-28');
    await sweepOn('2027-02-27');
    expect((await read(made.id)).issuedCount).toBe(1);
    await sweepOn('2027-02-28');
    await sweepOn('2027-03-31');
    const r = await read(made.id);
    expect(r.invoices.map((i: { periodDate: string }) => i.periodDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(r.nextRunDate).toBe('2027-04-30');
    const inv = (await request(t.app).get(`/api/invoices/${r.invoices[1].id}`).set(user.auth)).body.data;
    expect(inv).toMatchObject({ status: 'DRAFT', total: 96, dueDate: '2027-03-14', siteAddress: '9 Flat Lane, York' });
    expect(inv.createdAt.slice(0, 10)).toBe('2027-02-28');
    const history = (await request(t.app).get(`/api/invoices/${inv.id}/history`).set(user.auth)).body.data;
    expect(history[0].summary).toMatch(/by a recurring invoice, for 2027-02-28; waiting as a draft for you to send$/);
    const notes = (await request(t.app).get('/api/notifications').query({ limit: 100 }).set(user.auth).expect(200)).body.data.items as {
      kind: string;
      summary: string;
      documentId: string;
      documentNumber: string;
    }[];
    // A draft has no number yet (given at issue): the bell names it "Draft" and links to it.
    expect(inv.invoiceNumber).toBeNull();
    expect(notes.filter((n) => n.kind === 'recurring draft' && n.documentId === inv.id).map((n) => [n.documentNumber, n.summary])).toEqual([
      ['Draft', 'An invoice for £96.00 was made by a recurring invoice and waits as a draft for you to send'],
    ]);
  });

  it('when the service was down for three months, then one sweep issues the three missed periods once each, oldest first, with rising numbers', async () => {
    const made = await createOn('2027-05-15', { startDate: '2027-05-15' });
    await sweepOn('2027-08-20');
    const r = await read(made.id);
    expect(r.invoices.map((i: { periodDate: string }) => i.periodDate)).toEqual(['2027-05-15', '2027-06-15', '2027-07-15', '2027-08-15']);
    const numbers = r.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber);
    expect([...numbers].sort()).toEqual(numbers);
    await sweepOn('2027-08-20');
    expect((await read(made.id)).issuedCount).toBe(4);
  });

  it('when two schedulers sweep at once, then each period is issued once', async () => {
    const made = await createOn('2027-01-10', { startDate: '2027-01-10', frequency: 'WEEKLY' });
    await sweepOn('2027-02-01', true);
    await sweepOn('2027-02-01', true);
    const r = await read(made.id);
    expect(r.invoices.map((i: { periodDate: string }) => i.periodDate)).toEqual(['2027-01-10', '2027-01-17', '2027-01-24', '2027-01-31']);
  });

  it('when quarterly, then every three months; when yearly from 29 February 2028, then 28 February in 2029', async () => {
    const q = await createOn('2027-11-30', { startDate: '2027-11-30', frequency: 'QUARTERLY' });
    await sweepOn('2028-06-01');
    expect((await read(q.id)).invoices.map((i: { periodDate: string }) => i.periodDate)).toEqual(['2027-11-30', '2028-02-29', '2028-05-30']);
    const y = await createOn('2028-02-29', { startDate: '2028-02-29', frequency: 'YEARLY', count: 2 });
    await sweepOn('2031-01-01');
    const yr = await read(y.id);
    expect(yr.invoices.map((i: { periodDate: string }) => i.periodDate)).toEqual(['2028-02-29', '2029-02-28']);
    expect(yr.nextRunDate).toBeNull();
  });

  it('when paused, then nothing is issued; when resumed, then it picks up from today without the paused periods', async () => {
    const made = await createOn('2029-01-05', { startDate: '2029-01-05' });
    t.setNow('2029-01-20T12:00:00Z');
    const paused = await request(t.app).patch(`/api/recurring-invoices/${made.id}/pause`).set(user.auth);
    expect(paused.body.data).toMatchObject({ paused: true, nextRunDate: null });
    expect((await request(t.app).patch(`/api/recurring-invoices/${made.id}/pause`).set(user.auth)).status).toBe(409);
    await sweepOn('2029-04-01');
    expect((await read(made.id)).issuedCount).toBe(1);
    t.setNow('2029-04-10T12:00:00Z');
    const resumed = await request(t.app).patch(`/api/recurring-invoices/${made.id}/resume`).set(user.auth);
    t.setNow(null);
    expect(resumed.body.data).toMatchObject({ paused: false, nextRunDate: '2029-05-05', issuedCount: 1 });
  });

  it('when listed, edited and deleted, then the list shows it, PUT changes the lines and DELETE keeps the issued invoices', async () => {
    const made = await createOn('2030-01-01', { startDate: '2030-06-01' });
    expect(made.issuedCount).toBe(0);
    expect(made.nextRunDate).toBe('2030-06-01');
    const list = (await request(t.app).get('/api/recurring-invoices').set(user.auth)).body.data;
    expect(list.map((r: { id: string }) => r.id)).toContain(made.id);
    t.setNow('2030-01-01T12:00:00Z');
    const put = await request(t.app)
      .put(`/api/recurring-invoices/${made.id}`)
      .set(user.auth)
      .send(body({ startDate: '2030-06-01', lineItems: [{ description: 'Annual inspection', quantity: 1, unitPrice: 100 }] }));
    t.setNow(null);
    expect(put.body.data).toMatchObject({ total: 120, lineItems: [{ description: 'Annual inspection', quantity: 1, unitPrice: 100 }] });
    expect((await request(t.app).delete(`/api/recurring-invoices/${made.id}`).set(user.auth)).status).toBe(200);
    expect((await request(t.app).get(`/api/recurring-invoices/${made.id}`).set(user.auth)).status).toBe(404);
  });

  it('when a schedule has per-line VAT, kinds, discounts and units, then it keeps them and each invoice is priced with them and its CIS deduction', async () => {
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
      { description: 'Maintenance', quantity: 2.5, unitPrice: 40, vat: 'RC_STANDARD', kind: 'LABOUR', unit: 'hour' },
      { description: 'Filters', quantity: 4, unitPrice: 10, vat: 'REDUCED', kind: 'MATERIALS', discountPercent: 25, unit: 'each' },
    ];
    const made = await createOn('2027-01-31', { clientId: c.id, lineItems }, u);
    const r = (await request(t.app).get(`/api/recurring-invoices/${made.id}`).set(u.auth)).body.data;
    expect(r.lineItems).toEqual(lineItems);
    // £100 reverse charge (not charged) + £30 at 5% = £131.50.
    expect(r.total).toBe(131.5);
    const inv = (await request(t.app).get(`/api/invoices/${made.invoices[0]!.id}`).set(u.auth)).body.data;
    expect(inv.lineItems).toEqual(lineItems);
    expect(inv).toMatchObject({
      subtotal: 130,
      taxAmount: 1.5,
      total: 131.5,
      reverseChargeVat: 20,
      cis: { labourNet: 100, rate: 20, deduction: 20 },
      amountDue: 111.5,
    });
  });

  it('when another account reads, edits, pauses or deletes a schedule, then 404', async () => {
    const made = await createOn('2030-01-01', { startDate: '2030-06-01' });
    const other = await registerUser(t.app);
    const path = `/api/recurring-invoices/${made.id}`;
    expect((await request(t.app).get(path).set(other.auth)).status).toBe(404);
    expect((await request(t.app).put(path).set(other.auth).send(body())).status).toBe(404);
    expect((await request(t.app).patch(`${path}/pause`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).delete(path).set(other.auth)).status).toBe(404);
    expect((await read(made.id)).paused).toBe(false);
  });

  it.each([
    [{ frequency: 'DAILY' }, 'Frequency must be one of WEEKLY, MONTHLY, QUARTERLY, YEARLY'],
    [{ startDate: '2027-02-30' }, 'Date must be a valid date'],
    [{ endDate: '2026-01-01', startDate: '2027-01-01' }, 'End date must be on or after the start date'],
    [{ dueDays: -1 }, 'Due days must be a whole number from 0 to 365'],
    [{ count: 0 }, 'Count must be a whole number from 1 to 1,000'],
    [{ autoSend: 'yes' }, 'Auto send must be true or false'],
    [{ lineItems: [] }, 'At least one item is required'],
  ])('when the body has %j, then 400 "%s"', async (over, message) => {
    const res = await request(t.app).post('/api/recurring-invoices').set(user.auth).send(body(over));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });
});

describe('automatic sends past the daily email limit', () => {
  it('when the limit is used up, then the invoice waits as a draft, the history and the bell say so once, and the next day it is sent once', async () => {
    const mail = { from: 'Docket <no-reply@docket.test>', perDay: 1, retryDelaySeconds: 1 };
    const limitedCtx = { ...t.ctx, config: { ...t.ctx.config, mail } };
    const limited = checkAnswers(createApp(limitedCtx));
    const limitedSweeps = [createModules(limitedCtx).recurring, createModules(limitedCtx).recurring];
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u, { email: 'tenant@example.com' })).id;
    const day = '2032-03-10';
    t.setNow(`${day}T12:00:00Z`);
    try {
      // The day's one email goes on another invoice.
      const other = (
        await request(limited)
          .post('/api/invoices')
          .set(u.auth)
          .send({ clientId: c, lineItems: [{ description: 'Call-out', quantity: 1, unitPrice: 60 }], tax: 20, dueDate: '2032-04-10' })
      ).body.data;
      await request(limited).post(`/api/invoices/${other.id}/email`).set(u.auth).send({}).expect(202);
      const made = (
        await request(limited)
          .post('/api/recurring-invoices')
          .set(u.auth)
          .send(body({ clientId: c, startDate: day, autoSend: true }))
          .expect(201)
      ).body.data;
      expect(made.invoices).toHaveLength(1);
      const invoiceId = made.invoices[0].id as string;
      const invoice = async () => (await request(t.app).get(`/api/invoices/${invoiceId}`).set(u.auth)).body.data;
      const history = async () =>
        ((await request(t.app).get(`/api/invoices/${invoiceId}/history`).set(u.auth)).body.data as { summary: string }[]).map((h) => h.summary);
      const bell = async () =>
        ((await request(t.app).get('/api/notifications').set(u.auth)).body.data.items as { kind: string; summary: string }[]).filter(
          (n) => n.kind === 'recurring not sent',
        );
      const delivered = async () => (await request(t.app).get('/api/deliveries').query({ documentId: invoiceId }).set(u.auth)).body.data as unknown[];
      expect((await invoice()).status).toBe('DRAFT');
      expect(await history()).toContain(EMAIL_MESSAGES.recurringOverLimit);
      expect(await bell()).toHaveLength(1);
      expect((await bell())[0]!.summary).toContain(EMAIL_MESSAGES.recurringOverLimit);
      // Later the same day: still over the limit, and no second notice.
      await Promise.all(limitedSweeps.map((s) => s.sweep()));
      expect(await delivered()).toEqual([]);
      expect(await bell()).toHaveLength(1);
      // The next day the limit allows it: sent once, even with two sweeps at once.
      t.setNow('2032-03-11T12:00:00Z');
      await Promise.all(limitedSweeps.map((s) => s.sweep()));
      await Promise.all(limitedSweeps.map((s) => s.sweep()));
      expect(await delivered()).toHaveLength(1);
      expect((await invoice()).status).toBe('SENT');
      expect((await history()).filter((h) => h === EMAIL_MESSAGES.recurringOverLimit)).toHaveLength(1);
    } finally {
      t.setNow(null);
    }
  });
});
