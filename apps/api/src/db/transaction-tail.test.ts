import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queryRows } from './client.ts';
import { withTail } from './transaction-tail.ts';

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
      const first = tx.execute(sql`insert into tail_probe values (4)`);
      // a primary key already there: this statement fails after the others were sent
      const failing = tx.execute(sql`insert into tail_probe values (1)`);
      return { tail: Promise.all([first, failing]) };
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
});
