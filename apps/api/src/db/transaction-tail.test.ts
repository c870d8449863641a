import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queryRows } from './client.ts';
import { inOrder, withTail } from './transaction-tail.ts';

// The same on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the CI runs both).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.execute(sql`create table tail_probe (n int primary key)`);
});
afterAll(() => t.close());

const rows = async () => (await queryRows<{ n: number }>(t.ctx.db, sql`select n from tail_probe order by n`)).map((r) => r.n);

describe('a transaction whose last statements go with its COMMIT', () => {
  it('when its statements succeed, then their answer is returned and everything is committed', async () => {
    const answer = await withTail(t.ctx.db, async (tx) => {
      await tx.execute(sql`insert into tail_probe values (1)`);
      return { tail: queryRows<{ n: number }>(tx, sql`insert into tail_probe values (2) returning n`) };
    });
    expect(answer).toEqual([{ n: 2 }]);
    expect(await rows()).toEqual([1, 2]);
  });

  it('when a statement of the tail fails, then its own error is thrown and nothing the transaction wrote is kept', async () => {
    const attempt = withTail(t.ctx.db, async (tx) => {
      await tx.execute(sql`insert into tail_probe values (3)`);
      // the second, a primary key already there, fails after the first was sent
      return {
        tail: inOrder(
          t.ctx.db,
          () => tx.execute(sql`insert into tail_probe values (4)`),
          () => tx.execute(sql`insert into tail_probe values (1)`),
        ),
      };
    });
    await expect(attempt).rejects.toSatisfy((e: { code?: string; cause?: { code?: string } }) => (e.cause?.code ?? e.code) === '23505');
    expect(await rows()).toEqual([1, 2]);
  });

  it('when the statements before the tail fail, then that error is thrown and nothing is kept', async () => {
    const attempt = withTail(t.ctx.db, async (tx) => {
      await tx.execute(sql`insert into tail_probe values (2)`);
      return { tail: tx.execute(sql`insert into tail_probe values (5)`) };
    });
    await expect(attempt).rejects.toSatisfy((e: { code?: string; cause?: { code?: string } }) => (e.cause?.code ?? e.code) === '23505');
    expect(await rows()).toEqual([1, 2]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'when statements go in order on PostgreSQL, then none is sent while another runs on the client (pg 9 refuses that)',
    async () => {
      const warnings: string[] = [];
      const listen = (w: Error) => warnings.push(w.message);
      process.on('warning', listen);
      try {
        await withTail(t.ctx.db, async (tx) => ({
          tail: inOrder(
            t.ctx.db,
            () => tx.execute(sql`insert into tail_probe values (10)`),
            () => tx.execute(sql`insert into tail_probe values (11)`),
            () => tx.execute(sql`insert into tail_probe values (12)`),
          ),
        }));
        // a warning is emitted on the next turn
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', listen);
      }
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
      expect(await rows()).toEqual([1, 2, 10, 11, 12]);
    },
  );
});
