import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { jsonRows } from './json-rows.ts';

interface Row {
  n: number;
  label: string | null;
  at: string;
}

const rows = (from: ReturnType<typeof sql>) => jsonRows<Row>({ n: sql`v.n`, label: sql`v.label`, at: sql`v.at` }, from, ['n', 'label']);

describe('jsonRows', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle(client);
  });
  afterAll(() => client.close());

  it('when rows are found, then each is an object of the fields in their order and under their names, sorted by the given fields', async () => {
    const [found] = await db
      .select({
        list: rows(sql`from (values (2, 'b', date '2026-11-02'), (1, null, date '2026-11-01'), (2, 'a', date '2026-11-03')) v(n, label, at)`),
      })
      .from(sql`(select 1) one`);
    expect(found!.list).toEqual([
      { n: 1, label: null, at: '2026-11-01' },
      { n: 2, label: 'a', at: '2026-11-03' },
      { n: 2, label: 'b', at: '2026-11-02' },
    ]);
    expect(found!.list.map((r) => Object.keys(r))).toEqual([
      ['n', 'label', 'at'],
      ['n', 'label', 'at'],
      ['n', 'label', 'at'],
    ]);
  });

  it('when no row is found, then the column is an empty array, not null', async () => {
    const [found] = await db.select({ list: rows(sql`from (values (1, 'a', date '2026-11-01')) v(n, label, at) where false`) }).from(sql`(select 1) one`);
    expect(found!.list).toEqual([]);
  });
});
