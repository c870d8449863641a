import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { baseRateBpSql } from './invoice-payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the base rate column of an invoice read', () => {
  it("when a page of an account's invoices is read, then the company's base rate is read once for the statement, not once per invoice", async () => {
    const account = '00000000-0000-4000-8000-000000000001';
    const page = t.ctx.db
      .select({ id: invoices.id, baseRateBp: baseRateBpSql(account) })
      .from(invoices)
      .where(eq(invoices.userId, account))
      .limit(50)
      .toSQL();
    const plan = (await queryRows<{ 'QUERY PLAN': string }>(t.ctx.db, sql.raw(`explain ${inline(page.sql, page.params)}`)))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    // an InitPlan runs once per statement; a SubPlan would run for every row of the page
    expect(plan).toMatch(/InitPlan/);
    expect(plan).not.toMatch(/SubPlan/);
  });
});

/** EXPLAIN takes no bind parameters here: the test's own constants are written in. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v)}'`;
  });
}
