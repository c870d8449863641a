import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createModules } from '../../composition.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice } from '../../../test/document-fixtures.ts';
import { emailDeliveries } from '../../db/schema.ts';

/** issue 34, points 3 and 4: the next scheduled reminder, "Send reminder now", and a new account's settings. */
let t: TestApp;
let user: TestUser;
let clientId: string;
let sweeper: ReturnType<typeof createModules>['reminders'];

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1 } });
  sweeper = createModules(t.ctx).reminders;
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  await request(t.app)
    .put('/api/company/reminders')
    .set(user.auth)
    .send({ enabled: true, steps: [-3, 0, 7, 14, 30] })
    .expect(200);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

/** An invoice issued on `issuedOn`, due on `due`. */
async function issued(issuedOn: string, due: string, client = clientId) {
  t.setNow(`${issuedOn}T10:00:00Z`);
  const inv = await createInvoice(t.app, user, client, { dueDate: due });
  expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
  return inv.id as string;
}
const remindersOf = (invoiceId: string) =>
  t.ctx.db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.invoiceId, invoiceId), eq(emailDeliveries.kind, 'reminder')));
const state = async (id: string, on: string, u = user) => {
  t.setNow(`${on}T12:00:00Z`);
  const res = await request(t.app).get(`/api/invoices/${id}/reminders`).set(u.auth);
  return res;
};
const sendNow = (id: string, on: string, body: object = {}, u = user) => {
  t.setNow(`${on}T12:00:00Z`);
  return request(t.app).post(`/api/invoices/${id}/reminders/send`).set(u.auth).send(body);
};

describe('a new account (docs/product.md, "Reminders")', () => {
  it('when a new account without a company profile reads its reminder settings, then 200 with reminders off and the default steps', async () => {
    const fresh = await registerUser(t.app);
    const res = await request(t.app).get('/api/company/reminders').set(fresh.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enabled: false, steps: [-3, 0, 7, 14, 30] });
    // Saving still needs the profile the reminders are sent from.
    expect(
      (
        await request(t.app)
          .put('/api/company/reminders')
          .set(fresh.auth)
          .send({ enabled: true, steps: [7] })
      ).status,
    ).toBe(404);
  });
});

describe('the next scheduled reminder', () => {
  it('when an invoice is issued, then its reminders answer names the next reminder, its date and rule, and moves on as reminders go out', async () => {
    const id = await issued('2031-02-20', '2031-03-10');
    let res = await state(id, '2031-03-01');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ paused: false, nextReminder: { date: '2031-03-07', step: -3, rule: '3 days before due' }, lastSentOn: null });
    t.setNow('2031-03-07T09:00:00Z');
    await sweeper.sweep();
    res = await state(id, '2031-03-07');
    expect(res.body.data).toEqual({ paused: false, nextReminder: { date: '2031-03-10', step: 0, rule: 'on the due date' }, lastSentOn: '2031-03-07' });
    // Paused: nothing scheduled; resumed: the schedule is back.
    t.setNow('2031-03-08T12:00:00Z');
    expect((await request(t.app).put(`/api/invoices/${id}/reminders`).set(user.auth).send({ paused: true })).body.data).toEqual({
      paused: true,
      nextReminder: null,
      lastSentOn: '2031-03-07',
    });
    await request(t.app).put(`/api/invoices/${id}/reminders`).set(user.auth).send({ paused: false }).expect(200);
    // Ten days late with the 7-day step unsent: the sweep's one catch-up reminder goes today.
    res = await state(id, '2031-03-20');
    expect(res.body.data.nextReminder).toEqual({ date: '2031-03-20', step: 7, rule: '7 days after due' });
    expect((await act(t.app, user, 'invoices', id, 'pay')).status).toBe(200);
    expect((await state(id, '2031-03-20')).body.data.nextReminder).toBeNull();
  });

  it("when another account asks for my invoice's reminders or sends one, then 404 and nothing is sent", async () => {
    const id = await issued('2031-04-01', '2031-04-15');
    const other = await registerUser(t.app);
    expect((await state(id, '2031-04-20', other)).status).toBe(404);
    expect((await sendNow(id, '2031-04-20', {}, other)).status).toBe(404);
    expect(await remindersOf(id)).toHaveLength(0);
  });
});

describe('Send reminder now', () => {
  it('when the user sends a reminder now, then one goes to the outbox, a second that day is refused, and the sweep sends no other that day', async () => {
    const id = await issued('2031-05-01', '2031-05-10');
    const res = await sendNow(id, '2031-05-13');
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ paused: false, nextReminder: { date: '2031-05-17', step: 7, rule: '7 days after due' }, lastSentOn: '2031-05-13' });
    const sent = await remindersOf(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain('3 days overdue');
    const again = await sendNow(id, '2031-05-13');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('A reminder for this invoice already went out today: the next one can go tomorrow');
    t.setNow('2031-05-13T13:00:00Z');
    await sweeper.sweep();
    expect(await remindersOf(id)).toHaveLength(1);
    // The next rule still goes out on its own day.
    t.setNow('2031-05-17T09:00:00Z');
    await sweeper.sweep();
    expect(await remindersOf(id)).toHaveLength(2);
  });

  it('when the step of the day was not sent yet, then sending now counts as it and the sweep does not repeat it', async () => {
    const id = await issued('2031-06-01', '2031-06-10');
    expect((await sendNow(id, '2031-06-10')).status).toBe(201);
    t.setNow('2031-06-11T09:00:00Z');
    await sweeper.sweep();
    expect(await remindersOf(id)).toHaveLength(1);
  });

  it('when the invoice is paid, a draft or its client opted out, or the body has a field, then the reminder is refused with a clear message', async () => {
    const paid = await issued('2031-07-01', '2031-07-10');
    expect((await act(t.app, user, 'invoices', paid, 'pay')).status).toBe(200);
    const refusedPaid = await sendNow(paid, '2031-07-20');
    expect(refusedPaid.status).toBe(409);
    expect(refusedPaid.body.error).toBe('Only an issued, unpaid invoice can be reminded');
    t.setNow('2031-07-01T10:00:00Z');
    const draft = (await createInvoice(t.app, user, clientId, { dueDate: '2031-07-10' })).id as string;
    expect((await sendNow(draft, '2031-07-20')).status).toBe(409);
    const quiet = (await createClient(t.app, user, { name: 'Quiet Ltd' })).id;
    await request(t.app).put(`/api/clients/${quiet}/reminders`).set(user.auth).send({ optOut: true }).expect(200);
    const opted = await issued('2031-07-01', '2031-07-10', quiet);
    const refusedOpted = await sendNow(opted, '2031-07-20');
    expect(refusedOpted.status).toBe(409);
    expect(refusedOpted.body.error).toBe('This client has opted out of reminders');
    const open = await issued('2031-07-01', '2031-07-10');
    expect((await sendNow(open, '2031-07-20', { force: true })).status).toBe(400);
    for (const id of [paid, draft, opted, open]) expect(await remindersOf(id)).toHaveLength(0);
  });
});
