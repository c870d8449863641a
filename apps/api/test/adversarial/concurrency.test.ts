import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, sampleClient } from '../test-app.ts';
import { call } from './processes.ts';
import { listen, report } from './support.ts';
import { expectConsecutive, invoiceBody, type Invoice } from './durability-support.ts';

let acknowledgedChecked = 0;
afterAll(() => report(`concurrency summary: acknowledged-writes-checked=${acknowledgedChecked}`));

describe('concurrency', () => {
  it('when 200 invoices are created at once across 4 users and then issued at once, then every acknowledged one is present and numbers are unique and consecutive per user', async () => {
    const t = await createTestApp();
    try {
      const users = await Promise.all([0, 1, 2, 3].map(() => registerUser(t.app)));
      const http = await listen(t.app);
      try {
        const clientIds = await Promise.all(
          users.map(async (u) => {
            const res = await call(`http://127.0.0.1:${http.port}`, 'POST', '/clients', u.token, sampleClient());
            return (res.body as { data: { id: string } }).data.id;
          }),
        );
        const base = `http://127.0.0.1:${http.port}`;
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) => call(base, 'POST', '/invoices', users[i % 4]!.token, invoiceBody(clientIds[i % 4]!, i))),
        );
        expect(
          answers.filter((a) => a.status >= 500),
          'no 5xx under concurrency',
        ).toEqual([]);
        // Numbers are given at issue (docs/product.md, "Document numbers"): 200 parallel issues.
        const issues = await Promise.all(
          answers.map((a, i) => call(base, 'PATCH', `/invoices/${(a.body as { data: Invoice }).data.id}/send`, users[i % 4]!.token)),
        );
        expect(
          issues.filter((a) => a.status >= 500),
          'no 5xx under concurrent issues',
        ).toEqual([]);
        for (const [u, user] of users.entries()) {
          const acked = issues.filter((a, i) => i % 4 === u && a.status === 200).map((a) => (a.body as { data: Invoice }).data);
          expect(acked.length, 'all creates acknowledged').toBe(50);
          const list = (await call(base, 'GET', '/invoices', user.token)).body as { data: Invoice[] };
          const stored = new Map(list.data.map((inv) => [inv.id, inv]));
          for (const inv of acked) expect(stored.get(inv.id)).toEqual(inv);
          acknowledgedChecked += acked.length;
          expectConsecutive(
            list.data.map((inv) => inv.invoiceNumber),
            `user ${u}`,
          );
        }
      } finally {
        await http.close();
      }
    } finally {
      await t.close();
    }
  });
  it('when one account imports 20,000 clients and then exports them while another account reads, then the reads complete while each is still running and the import wrote every row', async () => {
    const t = await createTestApp({ planLimitOverrides: { maxClients: -1 } });
    const http = await listen(t.app);
    try {
      const [importer, reader] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
      const base = `http://127.0.0.1:${http.port}`;
      await call(base, 'POST', '/clients', reader.token, sampleClient());
      const rows = 20_000;
      const csv = `Name,Email,Phone\n${Array.from({ length: rows }, (_, i) => `Client ${i},client${i}@example.com,'+44 7700 ${String(i).padStart(6, '0')}`).join('\n')}\n`;
      /** Reads by the other account until `big` settles; how many finished before it did. */
      const readWhile = async (big: PromiseLike<{ status: number }>) => {
        let settled = false;
        const done = Promise.resolve(big).finally(() => (settled = true));
        let before = 0;
        const statuses: number[] = [];
        while (!settled) {
          const [health, list] = await Promise.all([http.agent().get('/api/health'), http.agent().get('/api/clients?limit=20').set(reader.auth)]);
          statuses.push(health.status, list.status);
          if (!settled) before += 1;
        }
        return { answer: await done, before, statuses };
      };
      const imported = await readWhile(http.agent().post('/api/imports/clients?dryRun=false').set(importer.auth).set('Content-Type', 'text/csv').send(csv));
      expect(imported.answer.status).toBe(200);
      expect((imported.answer as unknown as { body: { data: { created: number } } }).body.data.created).toBe(rows);
      expect(imported.before, 'reads finished while the import ran').toBeGreaterThanOrEqual(2);
      expect(imported.statuses.filter((s) => s !== 200)).toEqual([]);
      const exported = await readWhile(http.agent().get('/api/exports/clients.csv').set(importer.auth).buffer(true));
      expect(exported.answer.status).toBe(200);
      expect((exported.answer as unknown as { text: string }).text.trimEnd().split('\r\n')).toHaveLength(rows + 1);
      expect(exported.before, 'reads finished while the export ran').toBeGreaterThanOrEqual(2);
      expect(exported.statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      await http.close();
      await t.close();
    }
  });
});
