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
});
