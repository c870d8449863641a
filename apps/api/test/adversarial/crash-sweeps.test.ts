import { describe, expect, it } from 'vitest';
import type { CrashPointName } from '../../src/lib/crash-point.ts';
import { call, freshPostgresDatabase, JWT_SECRET, startServer, type ServerProcess } from './processes.ts';
import { startSmtpPeer, type SmtpPeer } from '../smtp-peer.ts';
import { sampleClient, sampleCompany } from '../test-app.ts';
import { TokenService } from '../../src/lib/token-service.ts';

/**
 * kill -9 at each step of the reminder and recurring sweeps (docs/reliability.md, "Mail and jobs"):
 * one process dies at a named point (src/lib/crash-point.ts), two fresh processes on the same
 * PostgreSQL take over, and the customer gets each reminder and each recurring invoice exactly once.
 */

const REMINDER_SUBJECT = /^Reminder: invoice /;
const INVOICE_SUBJECT = /^Invoice /;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

async function signUp(base: string) {
  const email = `sweep-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.uk`;
  const reg = await call(base, 'POST', '/auth/register', undefined, { email, password: 'correct-horse' });
  const { token, user } = (reg.body as { data: { token: string; user: { id: string } } }).data;
  const verify = new TokenService(JWT_SECRET, '7d').signVerification(user.id, email);
  expect((await call(base, 'POST', '/auth/verify-email', undefined, { token: verify })).status).toBe(200);
  expect((await call(base, 'POST', '/company', token, sampleCompany())).status).toBe(201);
  const client = (await call(base, 'POST', '/clients', token, sampleClient())).body as { data: { id: string } };
  return { token, clientId: client.data.id };
}

interface Scenario {
  db: { url: string; drop: () => Promise<void> };
  peer: SmtpPeer;
  servers: ServerProcess[];
  env: Record<string, string>;
}

async function withScenario(point: CrashPointName, body: (s: Scenario, crashing: ServerProcess) => Promise<void>) {
  const db = await freshPostgresDatabase({ migrated: true });
  const peer = await startSmtpPeer();
  const env = { DATABASE_URL: db.url, SMTP_URL: peer.url, JOBS_POLL_SECONDS: '0.5', EMAIL_RETRY_SECONDS: '1', EMAIL_LEASE_SECONDS: '5' };
  const servers: ServerProcess[] = [];
  try {
    const crashing = await startServer({ ...env, DOCKET_CRASH_AT: point });
    servers.push(crashing);
    await body({ db, peer, servers, env }, crashing);
  } finally {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await peer.close();
    await db.drop();
  }
}

/** The crashed process is gone; two more share the database, as behind a load balancer. */
async function takeOver(s: Scenario, crashing: ServerProcess) {
  // Bounded: a process that never reaches its crash point (its send refused, say) would otherwise
  // hold the test until the suite's 600 s limit, with nothing said of why.
  const died = await Promise.race([crashing.exited, new Promise<null>((r) => setTimeout(r, 120_000, null).unref())]);
  if (!died) throw new Error(`the process never reached its crash point; its log:\n${crashing.output()}`);
  expect(died.signal).toBe('SIGKILL');
  const [b, c] = await Promise.all([startServer(s.env), startServer(s.env)]);
  s.servers.push(b!, c!);
  return b!;
}

/** Long enough for both survivors to have swept, retried and leased whatever they could. */
const settle = () => new Promise((r) => setTimeout(r, 6000));

// Each scenario has its own database, mail server and processes, and spends most of its time
// waiting on them (starts, polls, the settling pause): they run side by side (maxConcurrency in
// vitest.config.ts).
describe.skipIf(!process.env.TEST_DATABASE_URL).concurrent('kill -9 inside the sweeps, two processes taking over (PostgreSQL)', () => {
  for (const point of ['reminders.claimed', 'reminders.committed'] as const) {
    it(`when the process dies at ${point}, then the overdue invoice gets its reminder exactly once`, async () => {
      await withScenario(point, async (s, crashing) => {
        // a scenario takes about a minute: one begun before midnight may send its reminder after it
        const firstDay = londonToday();
        const { token, clientId } = await signUp(crashing.base);
        const invoice = (
          await call(crashing.base, 'POST', '/invoices', token, {
            clientId,
            lineItems: [{ description: 'Boiler service', quantity: 1, unitPrice: 120 }],
            tax: 20,
            dueDate: '2031-01-31',
          })
        ).body as { data: { id: string } };
        expect((await call(crashing.base, 'POST', `/invoices/${invoice.data.id}/email`, token, {})).status).toBe(202);
        await until('the invoice email', async () => (s.peer.received.some((m) => INVOICE_SUBJECT.test(m.subject ?? '')) ? true : undefined));
        // Ten days overdue: set where the sweep reads it, as time passing would.
        const { default: pg } = await import('pg');
        const sql = new pg.Client({ connectionString: s.db.url });
        await sql.connect();
        await sql.query(`update invoices set due_date = (now() at time zone 'Europe/London')::date - 10 where id = $1`, [invoice.data.id]);
        await sql.end();

        // Switching reminders on queues this account's sweep, which the crashing process runs.
        await call(crashing.base, 'PUT', '/company/reminders', token, { enabled: true, steps: [7] });
        const b = await takeOver(s, crashing);
        await until('the reminder', async () => (s.peer.received.some((m) => REMINDER_SUBJECT.test(m.subject ?? '')) ? true : undefined));
        await settle();
        expect(s.peer.received.filter((m) => REMINDER_SUBJECT.test(m.subject ?? ''))).toHaveLength(1);
        const state = (await call(b.base, 'GET', `/invoices/${invoice.data.id}/reminders`, token)).body as { data: { lastSentOn: string | null } };
        expect([firstDay, londonToday()]).toContain(state.data.lastSentOn);
      });
    });
  }

  for (const point of ['recurring.issued', 'recurring.owed', 'recurring.queued'] as const) {
    it(`when the process dies at ${point}, then the period's invoice is made once and emailed once`, async () => {
      await withScenario(point, async (s, crashing) => {
        const { token, clientId } = await signUp(crashing.base);
        // the period is the day the schedule starts, whenever the scenario's minute ends
        const startDate = londonToday();
        // Saving a schedule that starts today issues its first period at once, in the crashing process.
        const saved = await call(crashing.base, 'POST', '/recurring-invoices', token, {
          clientId,
          lineItems: [{ description: 'Monthly maintenance', quantity: 1, unitPrice: 80 }],
          tax: 20,
          frequency: 'MONTHLY',
          startDate,
          autoSend: true,
        });
        // The schedule commits before its first period is issued; the answer may die with the process.
        expect([0, 201]).toContain(saved.status);
        const b = await takeOver(s, crashing);
        const list = (await call(b.base, 'GET', '/recurring-invoices', token)).body as { data: Array<{ id: string }> };
        expect(list.data).toHaveLength(1);
        const id = list.data[0]!.id;
        await until('the invoice email', async () => (s.peer.received.some((m) => INVOICE_SUBJECT.test(m.subject ?? '')) ? true : undefined));
        await settle();
        const schedule = (await call(b.base, 'GET', `/recurring-invoices/${id}`, token)).body as {
          data: { issuedCount: number; invoices: Array<{ id: string; status: string; periodDate: string }> };
        };
        expect(schedule.data.issuedCount).toBe(1);
        expect(schedule.data.invoices).toHaveLength(1);
        expect(schedule.data.invoices[0]).toMatchObject({ status: 'SENT', periodDate: startDate });
        expect(s.peer.received.filter((m) => INVOICE_SUBJECT.test(m.subject ?? ''))).toHaveLength(1);
      });
    });
  }
});
