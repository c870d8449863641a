import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TOTAL_MAX_PENCE } from '@docket/schemas/constants';
import { basisPointsToPercent, divRoundHalfUp, milliToQuantity, penceToPounds } from '@docket/schemas/money';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queryRows } from './client.ts';
import { booleanJson, divRoundHalfUpSql, objectJson, percentJson, poundsJson, quantityJson, stringJson, timestampJson } from './answer-json.ts';

/** The SQL twins of money.ts and JSON.stringify, value by value, on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Evaluates `build(v)` for every value in one statement, in order. */
async function inSql<V>(values: V[], type: string, build: (v: SQL) => SQL): Promise<string[]> {
  const rows = await queryRows<{ j: string }>(
    t.ctx.db,
    sql`select ${build(sql`x.v::${sql.raw(type)}`)} as j from json_array_elements_text(${JSON.stringify(values)}::json) with ordinality as x(v, n) order by x.n`,
  );
  return rows.map((r) => r.j);
}

// Edge cases up to a hundred times the largest document total, plus a spread of integers (deterministic: the same sample every run).
const integers = [0, 1, -1, 5, 10, 99, 100, 101, 110, 1999, 2000, -3600, 123456, 1_000_000_00, 999_999_999_99, DOCUMENT_TOTAL_MAX_PENCE, 100 * DOCUMENT_TOTAL_MAX_PENCE - 1, -(100 * DOCUMENT_TOTAL_MAX_PENCE - 1)];
for (let i = 0, x = 7; i < 300; i++) {
  x = (x * 1103515245 + 12345) % 2 ** 31;
  integers.push(i % 3 === 0 ? -(x % 100_000) : x % (i % 2 ? 1000 : 100_000_000));
}
const asArray = (values: number[]) => `{${values.join(',')}}`;

describe('answer JSON in SQL', () => {
  it('when pence, basis points and thousandths are written by PostgreSQL, then each is the text JSON.stringify gives money.ts’s number', async () => {
    const pg = async (build: (v: SQL) => SQL) =>
      (await queryRows<{ j: string }>(t.ctx.db, sql`select ${build(sql`x.v`)} as j from unnest(${asArray(integers)}::bigint[]) with ordinality as x(v, n) order by x.n`)).map((r) => r.j);
    expect(await pg(poundsJson)).toEqual(integers.map((p) => JSON.stringify(penceToPounds(p))));
    expect(await pg(percentJson)).toEqual(integers.map((p) => JSON.stringify(basisPointsToPercent(p))));
    expect(await pg(quantityJson)).toEqual(integers.map((p) => JSON.stringify(milliToQuantity(p))));
  });

  it('when a value is rounded half-up in SQL, then it equals divRoundHalfUp for positive, negative and half-way numerators', async () => {
    const cases: [number, number][] = [];
    for (const d of [2, 100, 10_000, 3_650_000, 10_000_000]) for (const n of integers) cases.push([n, d]);
    for (const d of [2, 10, 10_000]) for (const n of [d / 2, -d / 2, (3 * d) / 2, -(3 * d) / 2, d / 2 - 1, d / 2 + 1]) cases.push([n, d]);
    const rows = await queryRows<{ r: string }>(
      t.ctx.db,
      sql`select ${divRoundHalfUpSql(sql`x.n`, sql`x.d`)}::text as r from unnest(${asArray(cases.map((c) => c[0]))}::numeric[], ${asArray(cases.map((c) => c[1]))}::numeric[]) with ordinality as x(n, d, i) order by x.i`,
    );
    expect(rows.map((r) => r.r)).toEqual(cases.map(([n, d]) => String(divRoundHalfUp(BigInt(n), BigInt(d)))));
  });

  it('when text is written by PostgreSQL, then it is escaped exactly as JSON.stringify escapes it', async () => {
    const texts = ['', 'plain', 'quote " and back\\slash', 'tab\tnew\nline\rcr', '\u0001\u001f\u007f', '£ € “Ñandú” 日本 😀', '</script>', 'a\u2028b\u2029c', "O'Brien"];
    expect(await inSql(texts, 'text', stringJson)).toEqual(texts.map((s) => JSON.stringify(s)));
    expect(await inSql([null], 'text', stringJson)).toEqual(['null']);
  });

  it('when a timestamp is written by PostgreSQL, then it is toISOString() of the Date the driver reads, microseconds cut', async () => {
    const stamps = ['2030-06-15 10:00:00+00', '2030-06-15 10:00:00.123456+00', '2030-06-15 23:59:59.999999+00', '2030-03-31 00:30:00.0005+01', '1999-12-31 23:59:59.9999+00'];
    const rows = await queryRows<{ j: string; ts: string | Date }>(
      t.ctx.db,
      sql`select ${timestampJson(sql`x.v`)} as j, x.v::text as ts from unnest(${`{${stamps.map((s) => `"${s}"`).join(',')}}`}::timestamptz[]) with ordinality as x(v, n) order by x.n`,
    );
    expect(rows.map((r) => r.j)).toEqual(rows.map((r) => JSON.stringify(new Date(String(r.ts)).toISOString())));
    expect(await inSql([null], 'timestamptz', timestampJson)).toEqual(['null']);
  });

  it('when an object has optional keys, then they are written only when their condition holds, in order, compact', async () => {
    const [row] = await queryRows<{ a: string; b: string }>(
      t.ctx.db,
      sql`select ${objectJson([['x', stringJson(sql`'1'::text`)], ['y', booleanJson(sql`true`), sql`false`], ['z', poundsJson(sql`150`)]])} as a,
                 ${objectJson([['x', stringJson(sql`null::text`)], ['y', booleanJson(sql`false`), sql`true`]])} as b`,
    );
    expect(row).toEqual({ a: JSON.stringify({ x: '1', z: 1.5 }), b: JSON.stringify({ x: null, y: false }) });
  });
});
