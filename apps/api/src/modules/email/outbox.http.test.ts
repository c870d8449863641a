import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createInvoice } from '../../../test/document-fixtures.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { createBackup, parseBackup, restoreBackup } from '../../db/backup.ts';
import { createApp } from '../../app.ts';

/** The outbox is the send queue (docs/reliability.md, "Email outbox"): what is queued is a row, and rows survive. */
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer.close());

const mail = () => ({ smtpUrl: peer.url, from: 'Docket <no-reply@docket.test>', perDay: 200, retryDelaySeconds: 1 });

async function deliveries(t: TestApp, u: TestUser, documentId: string) {
  return (await request(t.app).get('/api/deliveries').query({ documentId }).set(u.auth).expect(200)).body.data as { status: string; attempts: number }[];
}
async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the outbox survives', () => {
  it('when a backup is taken while an email is queued and restored elsewhere, then the restored server sends it, once', async () => {
    // A server with a mail server configured but no worker running: the email stays queued.
    const source = await createTestApp({ mail: mail() });
    let target: TestApp | undefined;
    try {
      const u = await registerUser(source.app);
      await request(source.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
      const c = (await createClient(source.app, u, { email: 'restored@acme.example' })).id;
      const inv = await createInvoice(source.app, u, c);
      await request(source.app).post(`/api/invoices/${inv.id}/email`).set(u.auth).send({}).expect(202);
      expect((await deliveries(source, u, inv.id)).map((d) => d.status)).toEqual(['queued']);
      const backup = parseBackup(JSON.stringify(await createBackup(source.ctx.db)));

      target = await createTestApp({ mail: mail() }, { jobs: true });
      await restoreBackup(target.ctx.db, backup);
      const t = target;
      const [d] = await until('the restored email to be sent', async () => {
        const list = await deliveries(t, u, inv.id);
        return list[0]?.status === 'sent' ? list : undefined;
      });
      expect(d!.attempts).toBe(1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(peer.received.filter((m) => JSON.stringify(m.to).includes('restored@acme.example'))).toHaveLength(1);
    } finally {
      await target?.close();
      await source.close();
    }
  });

  it('when a send takes longer than its lease (a slow mail server) and another process is polling, then it is sent once: the lease is renewed while the send is in flight', async () => {
    // A 2 s lease, a mail server that holds its 250 for 6 s, and two job queues on one database,
    // as two processes behind a load balancer. Before the renewal the second took the lapsed lease
    // and sent the message again while the first was still waiting for its 250.
    const t = await createTestApp({ mail: { ...mail(), leaseSeconds: 2 } }, { jobs: true });
    const second = await t.startJobs();
    // The other process: its own composition, whose send loop runs on the second queue.
    createApp({ ...t.ctx, jobs: second });
    let held = false;
    peer.beforeReply = async () => {
      if (held) return;
      held = true;
      await new Promise((r) => setTimeout(r, 6000));
    };
    try {
      const u = await registerUser(t.app);
      await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
      const c = (await createClient(t.app, u, { email: 'slow@acme.example' })).id;
      const inv = await createInvoice(t.app, u, c);
      await request(t.app).post(`/api/invoices/${inv.id}/email`).set(u.auth).send({}).expect(202);
      const [d] = await until('the slow email to be sent', async () => {
        const list = await deliveries(t, u, inv.id);
        return list[0]?.status === 'sent' ? list : undefined;
      });
      // Both queues poll every 0.5 s: long enough for the other to have taken a lapsed lease.
      await new Promise((r) => setTimeout(r, 3000));
      expect(held).toBe(true);
      expect(peer.received.filter((m) => JSON.stringify(m.to).includes('slow@acme.example'))).toHaveLength(1);
      expect(d!.attempts).toBe(1);
    } finally {
      peer.beforeReply = undefined;
      await t.close();
    }
  });

  it('when a queued email is stuck waiting for a retry far off, then "Send outbox" makes it due and it is sent', async () => {
    // Its retry is an hour away (as after an outage with a long EMAIL_RETRY_SECONDS).
    const t = await createTestApp({ mail: { ...mail(), retryDelaySeconds: 3600 } }, { jobs: true });
    try {
      const u = await registerUser(t.app);
      await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
      const c = (await createClient(t.app, u, { email: 'stuck@acme.example' })).id;
      const inv = await createInvoice(t.app, u, c);
      peer.replies.push(451);
      await request(t.app).post(`/api/invoices/${inv.id}/email`).set(u.auth).send({}).expect(202);
      await until('a failed first try', async () => ((await deliveries(t, u, inv.id))[0]?.attempts === 1 ? true : undefined));
      await new Promise((r) => setTimeout(r, 1500));
      expect((await deliveries(t, u, inv.id))[0]!.status).toBe('queued');
      const sent = await request(t.app).post('/api/email/outbox/send').set(u.auth).send({});
      expect(sent.status).toBe(202);
      expect(sent.body.data.queued).toBe(1);
      await until('the stuck email to be sent', async () => ((await deliveries(t, u, inv.id))[0]?.status === 'sent' ? true : undefined));
      expect(peer.received.filter((m) => JSON.stringify(m.to).includes('stuck@acme.example'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
