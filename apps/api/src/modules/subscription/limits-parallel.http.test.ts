import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../app.ts';
import { checkAnswers } from '../../../test/answer-schemas.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp } from '../../../test/test-app.ts';
import { act, createClient, createInvoice } from '../../../test/document-fixtures.ts';
import { lockAccount } from '../../db/account-lock.ts';

/**
 * Limits counted under the account's row lock (docs/reliability.md, "Limits under parallel
 * requests"). On PGlite requests already run one at a time; the point is PostgreSQL, where
 * before the lock 20 parallel sends against a limit of 5 were all accepted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: 10 } });
});
afterAll(() => t.close());

describe('limits under parallel requests', () => {
  it('when 20 sends of 20 invoices arrive at once against a daily limit of 5, then exactly 5 are accepted and 5 messages exist', async () => {
    const app = checkAnswers(createApp({ ...t.ctx, config: { ...t.ctx.config, mail: { from: 'x@docket.test', perDay: 5, retryDelaySeconds: 1 } } }));
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u)).id;
    const invoices = [];
    // Issued and rendered first: the sends then race on the limit, not on the PDF renderer.
    for (let i = 0; i < 20; i++) {
      const inv = await createInvoice(t.app, u, c);
      await act(t.app, u, 'invoices', inv.id, 'send').expect(200);
      await request(t.app).get(`/api/invoices/${inv.id}/preview`).set(u.auth).expect(200);
      invoices.push(inv);
    }
    const answers = await Promise.all(invoices.map((inv) => request(app).post(`/api/invoices/${inv.id}/email`).set(u.auth).send({})));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(
      statuses.filter((s) => s !== 202),
      JSON.stringify(answers.filter((a) => a.status !== 429 && a.status !== 202).map((a) => a.body)),
    ).toEqual(Array(15).fill(429));
    const kept = (await request(app).get('/api/email/outbox').set(u.auth).expect(200)).body.data as { kind: string }[];
    expect(kept.filter((m) => m.kind === 'invoice')).toHaveLength(5);
  });

  it('when 20 sends of one invoice arrive at once against a daily limit of 5, then at most 5 messages exist', async () => {
    const app = checkAnswers(createApp({ ...t.ctx, config: { ...t.ctx.config, mail: { from: 'x@docket.test', perDay: 5, retryDelaySeconds: 1 } } }));
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u)).id;
    const inv = await createInvoice(t.app, u, c);
    await act(t.app, u, 'invoices', inv.id, 'send').expect(200);
    await request(t.app).get(`/api/invoices/${inv.id}/preview`).set(u.auth).expect(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(app)
          .post(`/api/invoices/${inv.id}/email`)
          .set(u.auth)
          .send({ to: ['a@x.example', 'b@x.example'], includeLink: false }),
      ),
    );
    expect(
      answers.filter((a) => a.status === 202),
      JSON.stringify(answers.filter((a) => a.status !== 202 && a.status !== 429).map((a) => a.body)),
    ).toHaveLength(5);
    const list = (await request(app).get('/api/deliveries').query({ documentId: inv.id }).set(u.auth).expect(200)).body.data as unknown[];
    expect(list).toHaveLength(5);
  });

  it('when 3 imports of 4 clients arrive at once against a limit of 10, then the account holds at most 10 clients', async () => {
    const u = await registerUser(t.app);
    const csv = (tag: string) => ['Name,Email', ...[1, 2, 3, 4].map((n) => `${tag} Client ${n},${tag.toLowerCase()}${n}@example.com`)].join('\n');
    const answers = await Promise.all(
      ['Alpha', 'Beta', 'Gamma'].map((tag) =>
        request(t.app).post('/api/imports/clients?dryRun=false').set(u.auth).set('Content-Type', 'text/csv').send(csv(tag)),
      ),
    );
    const created = answers.filter((a) => a.status === 200 && a.body.data.created === 4).length;
    expect(created).toBe(2);
    const usage = (await request(t.app).get('/api/subscription/usage').set(u.auth).expect(200)).body.data;
    expect(usage.clientsCount).toBe(8);
  });

  it('when 15 clients are created at once against a limit of 10, then exactly 10 are', async () => {
    const u = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        request(t.app)
          .post('/api/clients')
          .set(u.auth)
          .send({ name: `Parallel ${i}`, email: `p${i}@example.com` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 403)).toBe(true);
    const usage = (await request(t.app).get('/api/subscription/usage').set(u.auth).expect(200)).body.data;
    expect(usage.clientsCount).toBe(10);
  });

  it('when 15 invoices are created at once against a monthly limit of 10, then exactly 10 are', async () => {
    // a server of its own: the plan's invoice limit is set where this file's other tests set none
    const limited = await createTestApp({ planLimitOverrides: { invoicesPerMonth: 10, quotesPerMonth: -1, maxClients: -1 } });
    try {
      const u = await registerUser(limited.app);
      await request(limited.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
      const c = (await createClient(limited.app, u)).id;
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          request(limited.app)
            .post('/api/invoices')
            .set(u.auth)
            .send({ clientId: c, lineItems: [{ description: `Labour ${i}`, quantity: 1, unitPrice: 10 }] }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.every((a) => a.status === 403 && /plan limit for invoices/.test(String(a.body.error)))).toBe(true);
      const usage = (await request(limited.app).get('/api/subscription/usage').set(u.auth).expect(200)).body.data;
      expect(usage.invoicesCount).toBe(10);
      // nothing of a refused create is left: no lines or history of an invoice that is not there
      const list = (await request(limited.app).get('/api/invoices?limit=50').set(u.auth).expect(200)).body.data;
      expect(list.items).toHaveLength(10);
    } finally {
      await limited.close();
    }
  });

  // PostgreSQL only: on PGlite one transaction held open would hold every request.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'when the account is locked for a limit (a client being created), then a payment and a new invoice of the account do not wait for it',
    async () => {
      const u = await registerUser(t.app);
      await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
      const c = (await createClient(t.app, u)).id;
      const inv = await createInvoice(t.app, u, c);
      await act(t.app, u, 'invoices', inv.id, 'send').expect(200);
      const outcome = await t.ctx.db.transaction(async (tx) => {
        await lockAccount(tx, u.id);
        const writes = Promise.all([
          request(t.app).post(`/api/invoices/${inv.id}/payments`).set(u.auth).send({ amount: 1 }),
          request(t.app)
            .post('/api/invoices')
            .set(u.auth)
            .send({ clientId: c, lineItems: [{ description: 'Labour', quantity: 1, unitPrice: 10 }] }),
        ]).then((answers) => answers.map((a) => a.status));
        // the lock is held until this transaction ends: writes waiting on it would not answer in time
        return Promise.race([writes, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000))]);
      });
      expect(outcome).toEqual([201, 201]);
    },
  );
});
