import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CrashPointName } from '../../src/lib/crash-point.ts';
import { call, freshPostgresDatabase, serverDataDir, startServer, type ServerProcess } from './processes.ts';
import { sampleClient, sampleCompany } from '../test-app.ts';
import { startFakeStripe } from '../fakes/fake-stripe.ts';

/**
 * kill -9 between a payment webhook's 200 and its processing (issue 35; docs/reliability.md,
 * "Payment webhooks"): the real server process, its SDK pointed at the fake Stripe, dies at a
 * named point (src/lib/crash-point.ts) after the provider was told 200; a restarted process on the
 * same database applies the event once, and a provider's retry of it afterwards records nothing.
 */

const SECRETS_KEY = 'crash-webhook-secrets-key-at-least-32-characters';
const STRIPE_KEY = 'sk_test_crash_webhook_9876';
const STRIPE_WHSEC = 'whsec_crash_webhook_5432';

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Invoice = { status: string; payments: Array<{ amount: number; method: string; reference: string | null }> };
const invoiceOf = async (base: string, token: string, id: string) => ((await call(base, 'GET', `/invoices/${id}`, token)).body as { data: Invoice }).data;

function defineKillTest(label: string, database: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>) {
  for (const point of ['payments.event-resolved', 'payments.event-recorded'] satisfies CrashPointName[]) {
    it(`${label}: when the process is killed at ${point} after answering the webhook 200, then the restarted process records the payment once`, async () => {
      const { env: dbEnv, cleanup } = await database();
      const stripe = await startFakeStripe({ secretKey: STRIPE_KEY });
      const env = { ...dbEnv, SECRETS_KEY, STRIPE_API_BASE: stripe.base, JOBS_POLL_SECONDS: '0.5' };
      const servers: ServerProcess[] = [];
      try {
        const a = await startServer({ ...env, DOCKET_CRASH_AT: point });
        servers.push(a);
        const reg = await call(a.base, 'POST', '/auth/register', undefined, { email: `webhook-${Date.now()}@example.co.uk`, password: 'correct-horse' });
        const { token } = (reg.body as { data: { token: string } }).data;
        expect((await call(a.base, 'POST', '/company', token, sampleCompany())).status).toBe(201);
        const client = ((await call(a.base, 'POST', '/clients', token, sampleClient())).body as { data: { id: string } }).data;
        const invoice = (
          (
            await call(a.base, 'POST', '/invoices', token, {
              clientId: client.id,
              lineItems: [{ description: 'Rewire', quantity: 1, unitPrice: 100 }],
              tax: 20,
              dueDate: '2031-01-31',
            })
          ).body as { data: { id: string } }
        ).data;
        expect((await call(a.base, 'PATCH', `/invoices/${invoice.id}/send`, token)).status).toBe(200);
        const link = ((await call(a.base, 'POST', `/invoices/${invoice.id}/share`, token)).body as { data: { url: string } }).data.url;
        const saved = await call(a.base, 'PUT', '/company/payments/stripe', token, { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WHSEC });
        const webhookPath = new URL((saved.body as { data: { webhookUrl: string } }).data.webhookUrl).pathname;
        stripe.configureWebhook(`${a.base}${webhookPath}`, STRIPE_WHSEC);
        const paid = await call(a.base, 'POST', `/public/invoices/${link.split('/p/')[1]}/pay`, undefined, {});
        const sessionId = (paid.body as { data: { redirectUrl: string } }).data.redirectUrl.split('/').at(-1)!;

        // The provider is told 200 (the event is stored), then the process dies before the payment is committed.
        expect(await stripe.succeed(sessionId)).toBe(200);
        // Dead by its own crash point, or the test says so (rather than waiting for the hang limit).
        const { signal } = await Promise.race([
          a.exited,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the process did not die at ${point}:\n${a.output()}`)), 60_000)),
        ]);
        expect(signal).toBe('SIGKILL');

        const b = await startServer(env);
        servers.push(b);
        const settled = await until('the payment after the restart', async () => {
          const inv = await invoiceOf(b.base, token, invoice.id);
          return inv.status === 'PAID' ? inv : undefined;
        });
        const pi = stripe.sessions.get(sessionId)!.payment_intent!;
        expect(settled.payments).toEqual([expect.objectContaining({ amount: 120, method: 'CARD', reference: pi })]);

        // The provider retries the same event (it never saw the crash; a retry is routine): nothing more is recorded.
        stripe.configureWebhook(`${b.base}${webhookPath}`, STRIPE_WHSEC);
        const event = stripe.sent.find((e) => e.type === 'checkout.session.completed')!;
        expect(await stripe.resend(event.id)).toBe(200);
        await new Promise((r) => setTimeout(r, 2000));
        expect((await invoiceOf(b.base, token, invoice.id)).payments).toHaveLength(1);

        // The keys went in through the API and to the SDK; neither process ever logged them.
        for (const s of servers) {
          expect(s.output()).not.toContain(STRIPE_KEY);
          expect(s.output()).not.toContain(STRIPE_WHSEC);
        }
      } finally {
        for (const s of servers) s.child.kill('SIGKILL');
        await Promise.all(servers.map((s) => s.exited));
        await stripe.close();
        await cleanup();
      }
    });
  }
}

// Each test has its own database, payment provider and processes, and mostly waits on them: they run side by side.
describe.concurrent('kill -9 between a payment webhook and its processing', () => {
  // One database engine per pass, as crash-email.test.ts: the PGlite pass on a data folder, the PostgreSQL pass on its server.
  if (!process.env.TEST_DATABASE_URL) {
    defineKillTest('PGlite on disk', async () => {
      const dir = serverDataDir('docket-webhook-crash-', { migrated: true });
      return { env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    });
  } else {
    defineKillTest('PostgreSQL', async () => {
      const db = await freshPostgresDatabase({ migrated: true });
      return { env: { DATABASE_URL: db.url }, cleanup: db.drop };
    });
  }
});
