import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { queryRows } from './client.ts';
import { analyzeChangedTables } from './pglite-auto-analyze.ts';
import { createTestApp, registerUser, sampleClient, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { maxClients: -1 } });
});
afterAll(async () => {
  await t.close();
});

const lastAnalysed = async (table: string) =>
  (await queryRows<{ at: Date | null }>(t.ctx.db, sql`select last_analyze as at from pg_stat_user_tables where relname = ${table}`))[0]?.at ?? null;

describe('analysing PGlite tables that changed', () => {
  it('when a table gains more rows than the threshold, then it is analysed once, and not again until it changes again', async () => {
    const user = await registerUser(t.app);
    // Everything is analysed first, so only the rows added below count.
    await t.ctx.db.execute(sql`analyze`);
    const before = await lastAnalysed('clients');
    expect(before).not.toBeNull();

    for (let i = 0; i < 60; i++) {
      const res = await request(t.app)
        .post('/api/clients')
        .set(user.auth)
        .send(sampleClient({ name: `Client ${i}`, email: `c${i}@example.co.uk` }));
      expect(res.status).toBe(201);
    }
    // The counters reach pg_stat_user_tables about a second after the commits.
    await expect.poll(() => analyzeChangedTables(t.ctx.db), { timeout: 30_000 }).toContain('clients');
    expect(await lastAnalysed('clients')).not.toEqual(before);
    const [planned] = await queryRows<{ rows: number }>(t.ctx.db, sql`select reltuples::int as rows from pg_class where relname = 'clients'`);
    expect(planned!.rows).toBeGreaterThanOrEqual(60);

    expect(await analyzeChangedTables(t.ctx.db)).not.toContain('clients');
  });
});
