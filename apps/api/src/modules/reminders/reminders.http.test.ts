import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createModules } from '../../composition.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice } from '../../../test/document-fixtures.ts';
import { emailDeliveries } from '../../db/schema.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;
let sweeper: ReturnType<typeof createModules>['reminders'];

/** No mail server: reminders land in the outbox, which is what these tests count. */
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1 } });
  sweeper = createModules(t.ctx).reminders;
  user = await registerUser(t.app);
  await request(t.app)
    .post('/api/company')
    .set(user.auth)
    .send(sampleCompany({ bankDetails: { bankName: 'Barclays', accountName: 'Bright Sparks Ltd', sortCode: '20-00-00', accountNumber: '12345678' } }))
    .expect(201);
  await request(t.app)
    .put('/api/company/reminders')
    .set(user.auth)
    .send({ enabled: true, steps: [14, -3, 0, 7, 30] })
    .expect(200);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

/** An issued invoice due on `due`. */
async function issued(due: string, client = clientId) {
  t.setNow(null);
  const inv = await createInvoice(t.app, user, client, { dueDate: due });
  expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
  return inv.id as string;
}
const reminders = (invoiceId: string) =>
  t.ctx.db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.invoiceId, invoiceId), eq(emailDeliveries.kind, 'reminder')));
async function sweepOn(day: string) {
  t.setNow(`${day}T09:00:00Z`);
  const out = await sweeper.sweep();
  t.setNow(null);
  return out;
}

describe('reminders', () => {
  it('when settings are read and saved, then steps come back sorted and bad steps are refused', async () => {
    const res = await request(t.app).get('/api/company/reminders').set(user.auth).expect(200);
    expect(res.body.data).toEqual({ enabled: true, steps: [-3, 0, 7, 14, 30] });
    expect(
      (
        await request(t.app)
          .put('/api/company/reminders')
          .set(user.auth)
          .send({ enabled: true, steps: [1.5] })
      ).status,
    ).toBe(400);
    expect((await request(t.app).put('/api/company/reminders').set(user.auth).send({ enabled: 'yes', steps: [] })).status).toBe(400);
  });

  it('when the days pass, then each step fires on its day and only once', async () => {
    const id = await issued('2031-03-10');
    const expected: [string, number][] = [
      ['2031-03-06', 0],
      ['2031-03-07', 1],
      ['2031-03-08', 1],
      ['2031-03-10', 2],
      ['2031-03-10', 2],
      ['2031-03-16', 2],
      ['2031-03-17', 3],
      ['2031-03-24', 4],
      ['2031-04-09', 5],
      ['2031-05-01', 5],
    ];
    for (const [day, count] of expected) {
      await sweepOn(day);
      expect((await reminders(id)).length, day).toBe(count);
    }
    const sent = await reminders(id);
    expect(sent.every((d) => d.status === 'outbox')).toBe(true);
    const last = sent.find((d) => d.textBody.includes('30 days overdue'))!;
    expect(last.textBody).toContain('Sort code: 20-00-00');
    expect(last.subject).toMatch(/^Reminder: invoice INV/);
    expect(last.attachmentName).toMatch(/^INV.*\.pdf$/);
    const history = (await request(t.app).get(`/api/invoices/${id}/history`).set(user.auth)).body.data as { action: string }[];
    expect(history.filter((h) => h.action === 'reminded')).toHaveLength(5);
    const notes = (await request(t.app).get('/api/notifications').query({ limit: 100 }).set(user.auth).expect(200)).body.data.items as {
      kind: string;
      summary: string;
    }[];
    expect(notes.filter((n) => n.kind === 'reminder sent' && n.summary.includes(last.subject.replace(/^Reminder: invoice (\S+).*$/, '$1')))).toHaveLength(5);
  });

  it('when the sweep was down for 10 days, then one catch-up reminder goes out, not a burst', async () => {
    const id = await issued('2031-06-01');
    await sweepOn('2031-05-29');
    expect(await reminders(id)).toHaveLength(1);
    await sweepOn('2031-06-10');
    const list = await reminders(id);
    expect(list).toHaveLength(2);
    expect(list.some((d) => d.textBody.includes('9 days overdue'))).toBe(true);
  });

  it('when two sweepers run at once, then each invoice gets one email', async () => {
    const ids = [await issued('2031-07-01'), await issued('2031-07-01'), await issued('2031-07-01')];
    const other = createModules(t.ctx).reminders;
    t.setNow('2031-07-08T09:00:00Z');
    await Promise.all([sweeper.sweep(), other.sweep(), sweeper.sweep(), other.sweep()]);
    t.setNow(null);
    for (const id of ids) expect(await reminders(id)).toHaveLength(1);
  });

  it('when an invoice is paid, void, paused or its client opted out, then it gets none', async () => {
    const paid = await issued('2031-08-01');
    expect((await act(t.app, user, 'invoices', paid, 'pay')).status).toBe(200);
    const voided = await issued('2031-08-01');
    await request(t.app).patch(`/api/invoices/${voided}/void`).set(user.auth).send({ reason: 'Raised in error' }).expect(200);
    const paused = await issued('2031-08-01');
    await request(t.app).put(`/api/invoices/${paused}/reminders`).set(user.auth).send({ paused: true }).expect(200);
    const optedClient = (await createClient(t.app, user, { name: 'Quiet Ltd' })).id;
    await request(t.app).put(`/api/clients/${optedClient}/reminders`).set(user.auth).send({ optOut: true }).expect(200);
    const opted = await issued('2031-08-01', optedClient);
    const normal = await issued('2031-08-01');
    await sweepOn('2031-08-08');
    for (const id of [paid, voided, paused, opted]) expect(await reminders(id)).toHaveLength(0);
    expect(await reminders(normal)).toHaveLength(1);
  });

  it("when a client opts out and one of its invoices is paused, then the client's account page shows both", async () => {
    const quiet = (await createClient(t.app, user, { name: 'Paused Ltd' })).id;
    const a = await issued('2031-10-01', quiet);
    const b = await issued('2031-10-01', quiet);
    const account = async () => (await request(t.app).get(`/api/clients/${quiet}/account`).set(user.auth).expect(200)).body.data.reminders;
    expect(await account()).toEqual({ optOut: false, pausedInvoiceIds: [] });
    await request(t.app).put(`/api/clients/${quiet}/reminders`).set(user.auth).send({ optOut: true }).expect(200);
    await request(t.app).put(`/api/invoices/${b}/reminders`).set(user.auth).send({ paused: true }).expect(200);
    expect(await account()).toEqual({ optOut: true, pausedInvoiceIds: [b] });
    await request(t.app).put(`/api/invoices/${b}/reminders`).set(user.auth).send({ paused: false }).expect(200);
    await request(t.app).put(`/api/invoices/${a}/reminders`).set(user.auth).send({ paused: true }).expect(200);
    expect(await account()).toEqual({ optOut: true, pausedInvoiceIds: [a] });
  });

  it('when another account touches the reminder switches, then 404', async () => {
    const other = await registerUser(t.app);
    const id = await issued('2031-09-01');
    expect((await request(t.app).put(`/api/invoices/${id}/reminders`).set(other.auth).send({ paused: true })).status).toBe(404);
    expect((await request(t.app).get(`/api/clients/${clientId}/reminders`).set(other.auth)).status).toBe(404);
    // An account without a profile reads its own defaults (docs/product.md, "Reminders"), never mine.
    expect((await request(t.app).get('/api/company/reminders').set(other.auth)).body.data).toEqual({ enabled: false, steps: [-3, 0, 7, 14, 30] });
  });

  it('when a business client is late and the late-payment notice is on, then the reminder states interest and compensation', async () => {
    const u = await registerUser(t.app);
    const company = (notice: boolean) => sampleCompany({ latePaymentNotice: notice, baseRatePercent: 4 });
    await request(t.app).post('/api/company').set(u.auth).send(company(true)).expect(201);
    await request(t.app)
      .put('/api/company/reminders')
      .set(u.auth)
      .send({ enabled: true, steps: [30] })
      .expect(200);
    const business = (await createClient(t.app, u, { name: 'Trade Ltd', isBusiness: true })).id;
    const consumer = (await createClient(t.app, u, { name: 'Home Owner' })).id;
    const issue = async (client: string) => {
      t.setNow(null);
      const inv = await createInvoice(t.app, u, client, { dueDate: '2032-01-01' });
      expect((await act(t.app, u, 'invoices', inv.id, 'send')).status).toBe(200);
      return inv.id as string;
    };
    const biz = await issue(business);
    const home = await issue(consumer);
    t.setNow('2032-01-31T09:00:00Z');
    const late = (await request(t.app).get(`/api/invoices/${biz}`).set(u.auth).expect(200)).body.data.latePayment;
    t.setNow(null);
    expect(late).toMatchObject({ daysLate: 30 });
    await sweepOn('2032-01-31');
    const [bizMail] = await reminders(biz);
    expect(bizMail!.textBody).toContain('statutory interest of');
    expect(bizMail!.textBody).toContain(`fixed compensation of £${late.compensation.toFixed(2)}`);
    expect(bizMail!.textBody).toContain(`£${late.interest.toFixed(2)}`);
    const [homeMail] = await reminders(home);
    expect(homeMail!.textBody).not.toContain('statutory interest');

    // Notice off: the same business debt is reminded without the legal claim.
    await request(t.app).put('/api/company').set(u.auth).send(company(false)).expect(200);
    await request(t.app)
      .put('/api/company/reminders')
      .set(u.auth)
      .send({ enabled: true, steps: [31] })
      .expect(200);
    await sweepOn('2032-02-01');
    const quiet = (await reminders(biz)).find((d) => d.textBody.includes('31 days overdue'));
    expect(quiet?.textBody).not.toContain('statutory interest');
  });
});
