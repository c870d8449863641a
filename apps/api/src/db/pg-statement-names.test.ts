import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { namingClient, statementNames } from './pg-statement-names.ts';

/**
 * On PostgreSQL every statement with values is prepared under a name made from its text, so each
 * pooled connection parses and plans it once (docs/reliability.md, "Statements parsed once").
 * One connection, so what it holds can be read back from pg_prepared_statements.
 */
const url = process.env.TEST_DATABASE_URL;
let pool: pg.Pool;

beforeAll(async () => {
  if (!url) throw new Error('needs TEST_DATABASE_URL (the PostgreSQL pass)');
  pool = new pg.Pool({ connectionString: url, max: 1, Client: namingClient(statementNames()) });
  await pool.query('create temporary table named_t (id int primary key, note text)');
});
afterAll(async () => {
  await pool?.end();
});

/** What the one connection holds, by text. */
const held = async () => (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

describe('statements prepared under names on PostgreSQL', () => {
  it('when a text is sent again, then it gets a name, the same each time; another text another; a search and the first sending none', () => {
    const nameOf = statementNames();
    const text = 'select note from named_t where id = $1';
    expect(nameOf(text)).toBeUndefined();
    const name = nameOf(text);
    expect(name).toMatch(/^k_[0-9a-f]{24}$/);
    expect(nameOf(text)).toBe(name);
    nameOf(`${text} limit 1`);
    expect(nameOf(`${text} limit 1`)).not.toBe(name);
    for (const search of ['select id from named_t where note ilike $1', 'select id from named_t where note LIKE $1']) {
      nameOf(search);
      expect(nameOf(search)).toBeUndefined();
    }
  });

  it('when as many texts as allowed have names, then a new one gets none and the named keep theirs', () => {
    const nameOf = statementNames(2);
    for (const t of ['a $1', 'a $1', 'b $1', 'b $1', 'c $1', 'c $1']) nameOf(t);
    expect(nameOf('a $1')).toBeDefined();
    expect(nameOf('c $1')).toBeUndefined();
  });

  it('when a statement with values runs again, then it is prepared once and each run answers for its own values', async () => {
    await pool.query("insert into named_t values (1, 'one'), (2, 'two')");
    const text = 'select note from named_t where id = $1';
    const notes = [];
    for (const id of [1, 2, 3]) notes.push((await pool.query<{ note: string }>({ text, values: [id] })).rows.map((r) => r.note));
    expect(notes).toEqual([['one'], ['two'], []]);
    // drizzle's way: the values beside the config
    expect((await pool.query<{ note: string }>({ text }, [2])).rows).toEqual([{ note: 'two' }]);
    expect((await held()).filter((s) => s === text)).toHaveLength(1);
  });

  it('when a statement has no values, then it keeps the simple protocol: a script of several statements still runs', async () => {
    const results = (await pool.query({ text: "select 1 as a; select 'b' as b" })) as unknown as pg.QueryResult[];
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 'b' }]]);
    expect(await held()).not.toContain("select 1 as a; select 'b' as b");
  });

  it('when a search runs, then it is never prepared', async () => {
    const text = 'select id from named_t where note ilike $1';
    expect((await pool.query({ text, values: ['%ON%'] })).rows).toEqual([{ id: 1 }]);
    expect(await held()).not.toContain(text);
  });

  it('when a named statement runs, then it runs its generic plan; a search is planned by its values, and after it, in a failed transaction too, the mode is generic again', async () => {
    const mode = "select current_setting('plan_cache_mode') as m where $1::int = 1";
    const search = "select current_setting('plan_cache_mode') as m where 'x' like $1";
    const read = async (target: Pick<pg.PoolClient, 'query'>, text: string, value: unknown) =>
      (await target.query<{ m: string }>({ text, values: [value] })).rows[0]!.m;
    expect(await read(pool, mode, 1)).toBe('force_generic_plan');
    expect(await read(pool, search, '%')).toBe('force_custom_plan');
    expect(await read(pool, mode, 1)).toBe('force_generic_plan');
    const client = await pool.connect();
    try {
      await client.query('begin');
      expect(await read(client, search, '%')).toBe('force_custom_plan');
      await expect(client.query({ text: "select 1 / 0 where 'x' like $1", values: ['%'] })).rejects.toThrow('division by zero');
      await client.query('rollback');
      expect(await read(client, mode, 1)).toBe('force_generic_plan');
    } finally {
      client.release();
    }
  });

  it('when a statement fails to parse, then it is not kept, and it fails the same way the next time on the same connection', async () => {
    // a checked-out client: the pool's own query closes a connection whose statement failed
    const client = await pool.connect();
    try {
      const text = 'select nope from named_t where id = $1';
      const first = await client.query({ text, values: [1] }).catch((e: unknown) => e);
      const again = await client.query({ text, values: [1] }).catch((e: unknown) => e);
      expect(first).toMatchObject({ code: '42703' });
      expect(again).toMatchObject({ code: '42703', message: (first as Error).message });
      const statements = (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);
      expect(statements).not.toContain(text);
    } finally {
      client.release();
    }
  });
});
