import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, freePort, freshPostgresDatabase, JWT_SECRET, serverDataDir, startServer, type ServerProcess } from './processes.ts';
import { startSmtpPeer } from '../smtp-peer.ts';
import { sampleClient, sampleCompany } from '../test-app.ts';
import { TokenService } from '../../src/lib/token-service.ts';

interface Delivery {
  status: string;
  attempts: number;
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Opens the verification link with the token the server (the processes' JWT_SECRET) would have emailed. */
async function verifyEmail(base: string, userId: string, email: string) {
  const token = new TokenService(JWT_SECRET, '7d').signVerification(userId, email);
  expect((await call(base, 'POST', '/auth/verify-email', undefined, { token })).status).toBe(200);
}

async function deliveries(server: ServerProcess, token: string, invoiceId: string): Promise<Delivery[]> {
  const res = await call(server.base, 'GET', `/deliveries?documentId=${invoiceId}`, token);
  return (res.body as { data?: Delivery[] }).data ?? [];
}

/**
 * kill -9 while a send waits in the queue (the mail server is down, so the first try failed and
 * a retry is scheduled); the restarted process sends it, once, when the server is back.
 */
function defineKillTest(label: string, database: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>) {
  it(`${label}: when the API is killed with a send queued and restarted, then the message is sent exactly once`, async () => {
    const { env, cleanup } = await database();
    const smtpPort = await freePort();
    const mailEnv = { ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, EMAIL_RETRY_SECONDS: '2', JOBS_POLL_SECONDS: '0.5' };
    let server = await startServer(mailEnv);
    let peer: Awaited<ReturnType<typeof startSmtpPeer>> | undefined;
    try {
      const email = `kill-${Date.now()}@example.co.uk`;
      const reg = await call(server.base, 'POST', '/auth/register', undefined, { email, password: 'correct-horse' });
      const { token, user } = (reg.body as { data: { token: string; user: { id: string } } }).data;
      await verifyEmail(server.base, user.id, email);
      await call(server.base, 'POST', '/company', token, sampleCompany());
      const client = (await call(server.base, 'POST', '/clients', token, sampleClient())).body as { data: { id: string } };
      const invoice = (
        await call(server.base, 'POST', '/invoices', token, {
          clientId: client.data.id,
          lineItems: [{ description: 'Labour', quantity: 1, unitPrice: 100 }],
          tax: 20,
          dueDate: '2031-01-31',
        })
      ).body as { data: { id: string } };
      const sent = await call(server.base, 'POST', `/invoices/${invoice.data.id}/email`, token, {});
      expect(sent.status).toBe(202);
      await until('a failed first try', async () => {
        const [d] = await deliveries(server, token, invoice.data.id);
        return d && d.attempts >= 1 && d.status === 'queued' ? d : undefined;
      });
      // Let the queue record the failed try (the job now waits for its retry), then kill.
      await new Promise((r) => setTimeout(r, 1000));
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');

      peer = await startSmtpPeer(smtpPort);
      server = await startServer(mailEnv);
      const restarted = server;
      const d = await until('the delivery to settle', async () => {
        const [row] = await deliveries(restarted, token, invoice.data.id);
        return row && row.status !== 'queued' ? row : undefined;
      }).catch((err: unknown) => {
        throw new Error(`${String(err)}\n${restarted.output().slice(-3000)}`);
      });
      expect(d.status).toBe('sent');
      await new Promise((r) => setTimeout(r, 5000));
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0]!.attachments[0]!.filename).toMatch(/^INV.*\.pdf$/);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await peer?.close();
      await cleanup();
    }
  });
}

// Each test has its own database, mail server and processes, and mostly waits on them: they run side by side.
describe.concurrent('email sends survive a crash', () => {
  // PGlite on disk in the PGlite pass only: the PostgreSQL pass would run the very same server
  // (DATABASE_URL emptied) a second time, as sigterm-burst.test.ts already avoids.
  if (!process.env.TEST_DATABASE_URL) {
    defineKillTest('PGlite on disk', async () => {
      const dir = serverDataDir('docket-mail-crash-', { migrated: true });
      return { env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    });
  } else {
    defineKillTest('PostgreSQL', async () => {
      const db = await freshPostgresDatabase({ migrated: true });
      return { env: { DATABASE_URL: db.url }, cleanup: db.drop };
    });

    it('PostgreSQL: when the sender is killed after the mail server took the message and before its 250 is recorded, then another process sends it again with the same Message-ID, and only then', async () => {
      const db = await freshPostgresDatabase({ migrated: true });
      const peer = await startSmtpPeer();
      const env = { DATABASE_URL: db.url, SMTP_URL: peer.url, JOBS_POLL_SECONDS: '0.5', EMAIL_RETRY_SECONDS: '1', EMAIL_LEASE_SECONDS: '5' };
      const a = await startServer(env);
      let b: ServerProcess | undefined;
      try {
        const email = `window-${Date.now()}@example.co.uk`;
        const reg = await call(a.base, 'POST', '/auth/register', undefined, { email, password: 'correct-horse' });
        const { token, user } = (reg.body as { data: { token: string; user: { id: string } } }).data;
        await verifyEmail(a.base, user.id, email);
        await call(a.base, 'POST', '/company', token, sampleCompany());
        const client = (await call(a.base, 'POST', '/clients', token, sampleClient())).body as { data: { id: string } };
        const invoice = (
          await call(a.base, 'POST', '/invoices', token, {
            clientId: client.data.id,
            lineItems: [{ description: 'Labour', quantity: 1, unitPrice: 100 }],
            tax: 20,
            dueDate: '2031-01-31',
          })
        ).body as { data: { id: string } };
        // The server has the message; the sender dies before the 250 reaches it.
        peer.beforeReply = () => {
          a.child.kill('SIGKILL');
          peer.beforeReply = undefined;
        };
        expect((await call(a.base, 'POST', `/invoices/${invoice.data.id}/email`, token, {})).status).toBe(202);
        expect((await a.exited).signal).toBe('SIGKILL');
        expect(peer.received).toHaveLength(1);

        b = await startServer(env);
        const restarted = b;
        const d = await until('the delivery to settle', async () => {
          const [row] = await deliveries(restarted, token, invoice.data.id);
          return row && row.status !== 'queued' ? row : undefined;
        });
        expect(d).toMatchObject({ status: 'sent', attempts: 2 });
        await new Promise((r) => setTimeout(r, 3000));
        // The documented window: twice, as one message (the same Message-ID), never a third time.
        expect(peer.received).toHaveLength(2);
        expect(peer.received[1]!.messageId).toBe(peer.received[0]!.messageId);
      } finally {
        a.child.kill('SIGKILL');
        b?.child.kill('SIGKILL');
        await Promise.all([a.exited, b?.exited]);
        await peer.close();
        await db.drop();
      }
    });

    it('PostgreSQL: when two API processes share one database, then each queued email is sent once', async () => {
      const db = await freshPostgresDatabase({ migrated: true });
      const peer = await startSmtpPeer();
      const env = { DATABASE_URL: db.url, SMTP_URL: peer.url, JOBS_POLL_SECONDS: '0.5', EMAIL_RETRY_SECONDS: '1' };
      const a = await startServer(env);
      const b = await startServer(env);
      try {
        const email = `two-${Date.now()}@example.co.uk`;
        const reg = await call(a.base, 'POST', '/auth/register', undefined, { email, password: 'correct-horse' });
        const { token, user } = (reg.body as { data: { token: string; user: { id: string } } }).data;
        await verifyEmail(a.base, user.id, email);
        await call(a.base, 'POST', '/company', token, sampleCompany());
        const client = (await call(a.base, 'POST', '/clients', token, sampleClient())).body as { data: { id: string } };
        const ids: string[] = [];
        for (let i = 0; i < 6; i++) {
          const inv = (
            await call(a.base, 'POST', '/invoices', token, {
              clientId: client.data.id,
              lineItems: [{ description: `Job ${i}`, quantity: 1, unitPrice: 100 }],
              tax: 20,
              dueDate: '2031-01-31',
            })
          ).body as { data: { id: string } };
          ids.push(inv.data.id);
          expect((await call(i % 2 ? b.base : a.base, 'POST', `/invoices/${inv.data.id}/email`, token, {})).status).toBe(202);
        }
        await until('every delivery to settle', async () => {
          for (const id of ids) {
            const [d] = await deliveries(a, token, id);
            if (!d || d.status !== 'sent') return undefined;
          }
          return true;
        });
        await new Promise((r) => setTimeout(r, 3000));
        expect(peer.received).toHaveLength(6);
        expect(new Set(peer.received.map((m) => m.subject)).size).toBe(6);
      } finally {
        a.child.kill('SIGKILL');
        b.child.kill('SIGKILL');
        await Promise.all([a.exited, b.exited]);
        await peer.close();
        await db.drop();
      }
    });
  }
});
