import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, invoiceBody } from '../../../test/document-fixtures.ts';
import { emailDeliveries } from '../../db/schema.ts';
import { queryRows } from '../../db/client.ts';
import { REMINDER_SWEEP_JOB } from './reminders.service.ts';

/**
 * issue 34, point 3: switching reminders on assesses overdue invoices on the job queue (pg-boss on
 * this test's database, as server.ts runs it), not at the next daily sweep or restart.
 */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1 } }, { jobs: true });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
});
afterAll(() => t.close());

const remindersOf = (invoiceId: string) =>
  t.ctx.db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.invoiceId, invoiceId), eq(emailDeliveries.kind, 'reminder')));

describe('reminders switched on', () => {
  it('when reminders are switched on, then an overdue invoice gets its reminder from a queued sweep of this account', async () => {
    const clientId = (await createClient(t.app, user)).id;
    // Issued, then its due date moved a fortnight back: overdue today.
    const due = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const inv = await createInvoice(t.app, user, clientId);
    expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
    await request(t.app)
      .put(`/api/invoices/${inv.id}`)
      .set(user.auth)
      .send(invoiceBody(clientId, { dueDate: due }))
      .expect(200);
    // The start-up sweep has run (so it cannot be what sends the reminder below) and, reminders off, sent nothing.
    const sweepsDone = async () =>
      (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from pgboss.job where name = ${REMINDER_SWEEP_JOB} and state = 'completed'`))[0]!
        .n;
    await vi.waitFor(async () => expect(await sweepsDone()).toBeGreaterThan(0), { timeout: 60_000, interval: 250 });
    expect(await remindersOf(inv.id)).toHaveLength(0);

    await request(t.app)
      .put('/api/company/reminders')
      .set(user.auth)
      .send({ enabled: true, steps: [7, 30] })
      .expect(200);
    // The worker polls every half second here; the bound only keeps a broken build from hanging.
    await vi.waitFor(async () => expect(await remindersOf(inv.id)).toHaveLength(1), { timeout: 60_000, interval: 250 });
    const [mail] = await remindersOf(inv.id);
    expect(mail!.textBody).toContain('14 days overdue');
  });

  it('when the steps change while reminders are on, then the account is assessed again; saving the same settings queues nothing', async () => {
    const assessments = async () =>
      (
        await queryRows<{ n: number }>(
          t.ctx.db,
          sql`select count(*)::int as n from pgboss.job where name = ${REMINDER_SWEEP_JOB} and data->>'userId' = ${user.id}`,
        )
      )[0]!.n;
    const save = (steps: number[]) => request(t.app).put('/api/company/reminders').set(user.auth).send({ enabled: true, steps }).expect(200);
    // The assessment queued by the switch-on above has run (one per account is queued at a time).
    await vi.waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          t.ctx.db,
          sql`select count(*)::int as n from pgboss.job where name = ${REMINDER_SWEEP_JOB} and data->>'userId' = ${user.id} and state <> 'completed'`,
        );
        expect(row!.n).toBe(0);
      },
      { timeout: 60_000, interval: 250 },
    );
    const before = await assessments();
    await save([7, 30]);
    expect(await assessments()).toBe(before);
    await save([3, 7, 30]);
    expect(await assessments()).toBe(before + 1);
  });
});
