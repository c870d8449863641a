import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PgliteThread } from './pglite-thread.ts';

/**
 * The embedded database's thread answers as PGlite does in-process: the same rows, the same
 * errors, the same transactions, and one statement at a time. The whole API suite runs on it in
 * the PGlite pass; these are the rules the rest of the suite leans on without naming them.
 */
const START = { startParams: [...PGlite.defaultStartParams] };
const root = mkdtempSync(path.join(tmpdir(), 'docket-pglite-thread-'));
let db: PgliteThread;
/**
 * The first thread's new cluster as it stood before any test wrote to it: every other thread and
 * the in-process reference start from a copy. Creating a cluster (initdb) costs about 3.5 s of CPU,
 * loading one about 1 s; these tests are about the thread, not about initdb, which the first start
 * here and fresh-data-dir.test.ts go through.
 */
let cluster: Blob;
const CLUSTER_TAR = path.join(root, 'cluster.tar');
const fromCluster = () => ({ ...START, loadDataDir: cluster });

beforeAll(async () => {
  db = await PgliteThread.start(START);
  cluster = await db.dumpDataDir('none');
  writeFileSync(CLUSTER_TAR, Buffer.from(await cluster.arrayBuffer()));
  await db.exec('create table t (id int primary key, at timestamptz not null default now(), note text)');
});
afterAll(async () => {
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

const count = async (target: Pick<PgliteThread, 'query'>) => ((await target.query('select count(*)::int as n from t')).rows[0] as { n: number }).n;

describe('PGlite on its own thread', () => {
  it('when a statement breaks a constraint, then the error carries PostgreSQL’s code, constraint and message', async () => {
    await db.query('insert into t (id) values ($1)', [1]);
    const error = (await db.query('insert into t (id) values ($1)', [1]).catch((e: unknown) => e)) as Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't', severity: 'ERROR' });
    expect(String(error.message)).toMatch(/duplicate key/);
    await db.query('delete from t');
  });

  it('when rows come back, then they have the shape and types asked for: objects or arrays, dates parsed or kept as text', async () => {
    await db.query("insert into t (id, at, note) values (1, '2026-11-27T10:00:00Z', 'a')");
    const objects = await db.query('select id, at from t');
    expect(objects.rows).toEqual([{ id: 1, at: new Date('2026-11-27T10:00:00Z') }]);
    // drizzle's rule for dates: the text as PostgreSQL wrote it
    const keep = { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } };
    const arrays = await db.query('select id, at from t', [], keep);
    expect(arrays.rows).toEqual([[1, '2026-11-27 10:00:00+00']]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'at']);
    const [simple] = await db.exec('select note from t', keep);
    expect(simple!.rows).toEqual([['a']]);
    await db.query('delete from t');
  });

  it('when a parser is given for a type, then it reads that type’s values, as PGlite’s own options do', async () => {
    const doubled = await db.query('select 21 as n, 2::int8 as big', [], { parsers: { 23: (v: string) => Number(v) * 2 } });
    expect(doubled.rows).toEqual([{ n: 42, big: 2 }]);
  });

  it('when any statement runs, then its results and errors are PGlite’s own, value for value', async () => {
    const reference = await PGlite.create({ loadDataDir: cluster });
    const setup = `create table types_ (id int primary key, b bool, i2 int2, i8 int8, big int8, n numeric(12,3), f float8, t text, v varchar(20),
      c char(3), j json, jb jsonb, d date, ts timestamp, tz timestamptz, u uuid, by bytea, arr text[], iarr int4[], iv interval, tm time)`;
    const statements: [string, unknown[]?][] = [
      [
        `insert into types_ values (1, true, 7, 9007199254740991, 9223372036854775807, 12.5, 1.5e300, 'É ✓ 𝄞 ''q''', 'v', 'ab',
        '{"a":[1,2]}', '{"z":1,"a":{"b":null}}', '2026-11-27', '2026-11-27 10:00:01.123', '2026-11-27T10:00:00Z',
        '00000000-0000-4000-8000-000000000001', '\\x00ff10', '{"a","b c",NULL}', '{1,2}', '1 day 02:00', '10:11:12')`,
      ],
      ['insert into types_ (id, t) values (2, null), (3, $1) returning id, t', ['three']],
      ['select * from types_ order by id'],
      [
        'select $1::int as a, $2::text as b, $3::bool as c, $4::jsonb as d, $5::timestamptz as e, $6::bytea as f, $7::int8 as g, $8::numeric as h',
        [5, 'x', true, { k: [1, 'two'] }, new Date('2026-01-02T03:04:05.678Z'), new Uint8Array([1, 2, 254]), 12n, '1.50'],
      ],
      ['select $1::text as nothing, $2::json as list', [null, [1, { a: 2 }]]],
      // arrays and objects are written by the parameter's type: an array literal, or JSON
      ['select $1::text[] as a, $2::int4[] as b, $3::jsonb as c, $4::int as d', [['x', 'y "z"', null], [1, 2], [{ a: 1 }], 4]],
      ['select id from types_ where id = any($1) order by id', [[1, 3]]],
      ['select $1::text[] as bad', [[1, 2]]],
      ['select $1 +', [[1]]],
      ["select 'infinity'::timestamptz as inf, '-infinity'::date as ninf, 1 as n, 2 as n"],
      ['update types_ set t = t || $1 where id > $2', ['!', 1]],
      ['delete from types_ where id = 3'],
      ['select * from types_ where id = -1'],
      ['insert into types_ (id) values (1)'],
      ['select * from missing_table'],
      ['select 1/0'],
    ];
    const outcome = async (run: () => Promise<unknown>) => {
      try {
        return { ok: await run() };
      } catch (error) {
        const e = error as Record<string, unknown>;
        return { error: [e.name, e.message, e.code, e.severity, e.detail, e.constraint, e.table, e.position, e.routine] };
      }
    };
    try {
      await reference.exec(setup);
      await db.exec(setup);
      for (const [text, params] of statements) {
        for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1184: (v: string) => v, 1082: (v: string) => v } }]) {
          if (options && /^(insert|update|delete)/.test(text)) continue;
          const expected = await outcome(() => reference.query(text, params, options));
          expect(await outcome(() => db.query(text, params, options)), `${text} ${JSON.stringify(options)}`).toEqual(expected);
        }
      }
      for (const script of ["select 1 as a; update types_ set i2 = 3; ; select 'two' as b; delete from types_ where id = 2", 'select 1; select nope', '']) {
        expect(await outcome(() => db.exec(script)), script).toEqual(await outcome(() => reference.exec(script)));
      }
    } finally {
      await reference.close();
      await db.exec('drop table types_');
    }
  });

  it('when COMMIT finds its transaction aborted, then the error is PGlite’s and nothing was written', async () => {
    const error = (await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (40)');
        await tx.query('select 1/0').catch(() => undefined);
      })
      .catch((e: unknown) => e)) as Record<string, unknown>;
    expect(error).toMatchObject({ code: '25P02', message: 'Transaction was rolled back instead of committed' });
    expect(await count(db)).toBe(0);
  });

  it('when a transaction’s function throws, then its writes are rolled back and its own error comes out', async () => {
    const error = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (10)');
        expect(await count(tx)).toBe(1);
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect(error).toEqual(new Error('changed my mind'));
    expect(await count(db)).toBe(0);
  });

  it('when a transaction is open, then statements from outside it wait for its COMMIT, as PGlite’s one session does', async () => {
    let outside: Promise<number> | undefined;
    const committed = await db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (20)');
      outside = count(db);
      // the outside read cannot run inside this transaction's session
      await new Promise((r) => setTimeout(r, 50));
      await tx.query('insert into t (id) values (21)');
      return 'done';
    });
    expect(committed).toBe('done');
    expect(await outside).toBe(2);
    await db.query('delete from t');
  });

  it('when a transaction has ended, then its handle refuses further statements', async () => {
    let kept: { query: PgliteThread['query'] } | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  describe('statements parsed once', () => {
    /** The statements PostgreSQL holds for this session, by their text. */
    const held = async () => ((await db.query('select statement from pg_prepared_statements')).rows as { statement: string }[]).map((r) => r.statement);

    it('when a statement runs again with other values, then it is parsed once, and each run answers for its own values', async () => {
      await db.query("insert into t (id, note) values (1, 'one'), (2, 'two')");
      const text = 'select note from t where id = $1';
      const notes = [];
      for (const id of [1, 2, 1, 3]) notes.push(((await db.query(text, [id])).rows as { note: string }[]).map((r) => r.note));
      expect(notes).toEqual([['one'], ['two'], ['one'], []]);
      expect((await held()).filter((s) => s === text)).toHaveLength(1);
      // an array parameter is written by the type PostgreSQL gave the first time
      const many = 'select note from t where id = any($1) order by id';
      expect((await db.query(many, [[1, 2]])).rows).toEqual([{ note: 'one' }, { note: 'two' }]);
      expect((await db.query(many, [[2]])).rows).toEqual([{ note: 'two' }]);
      expect((await held()).filter((s) => s === many)).toHaveLength(1);
      await db.query('delete from t');
    });

    it('when a search (LIKE or ILIKE) runs, then it is planned with its term each time and never kept', async () => {
      await db.query("insert into t (id, note) values (1, 'Boiler service')");
      const text = 'select id from t where note ilike $1';
      expect((await db.query(text, ['%boiler%'])).rows).toEqual([{ id: 1 }]);
      expect((await db.query(text, ['%tap%'])).rows).toEqual([]);
      expect(await held()).not.toContain(text);
      await db.query('delete from t');
    });

    it('when a kept statement runs, then it runs its generic plan; a search is planned by its values, and after it, in a transaction that fails too, the mode is generic again', async () => {
      const mode = async (target: Pick<PgliteThread, 'query'>, text = "select current_setting('plan_cache_mode') as m") =>
        ((await target.query(text, text.includes('$1') ? ['%'] : undefined)).rows as { m: string }[])[0]!.m;
      const search = "select current_setting('plan_cache_mode') as m where 'x' like $1";
      expect(await mode(db)).toBe('force_generic_plan');
      expect(await mode(db, search)).toBe('force_custom_plan');
      expect(await mode(db)).toBe('force_generic_plan');
      await expect(
        db.transaction(async (tx) => {
          expect(await mode(tx, search)).toBe('force_custom_plan');
          await tx.query("select note from t where 'x' like $1 and 1 / 0 = 1", ['%']);
        }),
      ).rejects.toThrow('division by zero');
      expect(await mode(db)).toBe('force_generic_plan');
    });

    it('when a statement was first parsed inside a transaction that rolled back, then it still runs after', async () => {
      const text = 'insert into t (id, note) values ($1, $2)';
      await expect(
        db.transaction(async (tx) => {
          await tx.query(text, [50, 'rolled back']);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await db.query(text, [51, 'kept']);
      expect((await db.query('select id from t')).rows).toEqual([{ id: 51 }]);
      await db.query('delete from t');
    });

    it('when a table’s columns change after a select * of it was kept, then the select answers with the new columns, in a transaction too', async () => {
      await db.exec('create table wide (id int primary key)');
      await db.query('insert into wide values ($1)', [1]);
      const text = 'select * from wide where id = $1';
      expect((await db.query(text, [1])).rows).toEqual([{ id: 1 }]);
      await db.exec('alter table wide add column extra text');
      expect((await db.query(text, [1])).rows).toEqual([{ id: 1, extra: null }]);
      await db.transaction(async (tx) => {
        await tx.exec("alter table wide add column more text default 'm'");
        expect((await tx.query(text, [1])).rows).toEqual([{ id: 1, extra: null, more: 'm' }]);
      });
      await db.exec('drop table wide');
    });

    it('when a statement fails to parse, then it is not kept, and it fails the same way the next time', async () => {
      const text = 'select nope from t where id = $1';
      const first = (await db.query(text, [1]).catch((e: unknown) => e)) as Record<string, unknown>;
      const again = (await db.query(text, [1]).catch((e: unknown) => e)) as Record<string, unknown>;
      expect(first).toMatchObject({ code: '42703' });
      expect(again).toMatchObject({ code: '42703', message: first.message });
      expect(await held()).not.toContain(text);
    });

    it('when more statements have run than are kept, then the least recently used are closed, and still answer when run again', async () => {
      const text = (i: number) => `select ${i}::int + $1::int as n`;
      const reused = 'select $1::int * 2 as doubled';
      for (let i = 0; i < 450; i++) {
        expect((await db.query(text(i), [1])).rows).toEqual([{ n: i + 1 }]);
        // used all along, so never the least recently used
        if (i % 50 === 0) await db.query(reused, [i]);
      }
      const statements = await held();
      expect(statements.length).toBeLessThanOrEqual(400);
      expect(statements).not.toContain(text(0));
      expect(statements).toContain(reused);
      expect((await db.query(text(0), [2])).rows).toEqual([{ n: 2 }]);
    });
  });

  describe('in-flight requests first', () => {
    /** A thread whose next statements are follow-ups or firsts as the test says. */
    let next: boolean[] = [];
    let ordered: PgliteThread;
    beforeAll(async () => {
      ordered = await PgliteThread.start({ ...fromCluster(), follows: () => next.shift() ?? false });
      await ordered.exec('create sequence turn');
    });
    afterAll(() => ordered.close());
    /** The statement's turn: the sequence's next value when it ran. */
    const turn = async (label: string) => ({ label, at: ((await ordered.query('select nextval($1)::int as n', ['turn'])).rows[0] as { n: number }).n });

    it('when firsts and a follow-up wait while the session is busy, then the follow-up runs before them, and the firsts in arrival order', async () => {
      next = [false];
      const busy = ordered.query('select pg_sleep(0.3)');
      // sent while the sleep runs: two requests' first statements, then one request's second
      await new Promise((r) => setTimeout(r, 50));
      next = [false, false, true];
      const ran = await Promise.all([turn('first A'), turn('first B'), turn('follow-up')]);
      await busy;
      expect(ran.sort((a, b) => a.at - b.at).map((r) => r.label)).toEqual(['follow-up', 'first A', 'first B']);
    });

    it('when nothing is a follow-up, then statements run in the order they were sent', async () => {
      next = [];
      const busy = ordered.query('select pg_sleep(0.2)');
      await new Promise((r) => setTimeout(r, 50));
      const ran = await Promise.all(['one', 'two', 'three'].map(turn));
      await busy;
      expect(ran.sort((a, b) => a.at - b.at).map((r) => r.label)).toEqual(['one', 'two', 'three']);
    });

    it('when a follow-up BEGIN waits behind firsts, then its transaction runs first and the firsts after its COMMIT', async () => {
      next = [false];
      const busy = ordered.query('select pg_sleep(0.3)');
      await new Promise((r) => setTimeout(r, 50));
      next = [false, true];
      const first = turn('first');
      const inTx = ordered.transaction(async (tx) => {
        const a = (await tx.query('select nextval($1)::int as n', ['turn'])).rows[0] as { n: number };
        // a statement sent from outside now waits for this transaction's end
        await new Promise((r) => setTimeout(r, 30));
        const b = (await tx.query('select nextval($1)::int as n', ['turn'])).rows[0] as { n: number };
        return [a.n, b.n];
      });
      const [[a, b], f] = await Promise.all([inTx, first, busy]);
      expect(f.at).toBeGreaterThan(b!);
      expect(b).toBe(a! + 1);
    });

    it('when a transaction’s first statement is sent before its BEGIN has run, then it goes with the BEGIN, runs inside the transaction, and a statement sent after waits for the COMMIT', async () => {
      next = [];
      await ordered.exec('create table early (id int primary key)');
      const worker = (ordered as unknown as { worker: { postMessage: (batch: { op: string }[]) => void } }).worker;
      const post = worker.postMessage.bind(worker);
      const batches: string[][] = [];
      worker.postMessage = (batch) => {
        batches.push(batch.map((m) => m.op));
        post(batch);
      };
      try {
        const busy = ordered.query('select pg_sleep(0.2)');
        await new Promise((r) => setTimeout(r, 50));
        const inTx = ordered.transaction(async (tx) => {
          const [a] = await Promise.all([tx.query('select nextval($1)::int as n', ['turn']), tx.query('insert into early values (1)')]);
          const seen = ((await tx.query('select count(*)::int as n from early')).rows[0] as { n: number }).n;
          const b = (await tx.query('select nextval($1)::int as n', ['turn'])).rows[0] as { n: number };
          return { a: (a.rows[0] as { n: number }).n, b: b.n, seen };
        });
        const after = turn('after');
        const [ran, later] = await Promise.all([inTx, after, busy]);
        // the BEGIN and the transaction's first statements left in one message, while the session was busy
        expect(batches[1]!.slice(0, 3)).toEqual(['begin', 'query', 'query']);
        expect(ran.seen).toBe(1);
        expect(ran.b).toBe(ran.a + 1);
        expect(later.at).toBe(ran.b + 1);
      } finally {
        worker.postMessage = post;
      }
    });

    it('when a transaction whose BEGIN is still waiting throws before sending anything, then it is rolled back and its own error comes out', async () => {
      next = [];
      const busy = ordered.query('select pg_sleep(0.1)');
      await new Promise((r) => setTimeout(r, 20));
      const error = await ordered
        .transaction(async () => {
          throw new Error('nothing to do');
        })
        .catch((e: unknown) => e);
      await busy;
      expect(error).toEqual(new Error('nothing to do'));
      expect(((await ordered.query('select 1 as n')).rows[0] as { n: number }).n).toBe(1);
    });
  });

  it('when a data folder is dumped and loaded into a new thread, then its rows are there', async () => {
    await db.query('insert into t (id, note) values (30, $1)', ['kept']);
    const tar = await db.dumpDataDir('none');
    const copy = await PgliteThread.start({ ...START, loadDataDir: tar });
    try {
      expect((await copy.query('select id, note from t')).rows).toEqual([{ id: 30, note: 'kept' }]);
    } finally {
      await copy.close();
    }
    await db.query('delete from t');
  });

  it('when a database on disk is closed and opened again, then what was committed is there', async () => {
    const dataDir = path.join(root, 'disk');
    const first = await PgliteThread.start({ ...fromCluster(), dataDir });
    await first.exec('create table kept (n int)');
    await first.transaction(async (tx) => {
      await tx.query('insert into kept values (1), (2)');
    });
    await first.close();
    const again = await PgliteThread.start({ ...START, dataDir });
    try {
      expect((await again.query('select sum(n)::int as s from kept')).rows).toEqual([{ s: 3 }]);
    } finally {
      await again.close();
    }
  });

  it('when the thread is closed, then calls made before close() are answered and later ones fail at once instead of waiting for ever', async () => {
    const short = await PgliteThread.start(fromCluster());
    const before = short.query('select 1 as n');
    const closing = short.close();
    // made while closing: refused at once, as PGlite in-process refuses it
    await expect(short.query('select 2')).rejects.toThrow('PGlite is closed');
    await closing;
    // made before close(): answered first
    expect((await before).rows).toEqual([{ n: 1 }]);
    await expect(short.query('select 3')).rejects.toThrow('PGlite is closed');
  });

  it('when the thread is closed while a transaction is open, then the transaction still runs to its COMMIT and the close follows it', async () => {
    const short = await PgliteThread.start(fromCluster());
    await short.exec('create table c (id int primary key)');
    let closing: Promise<void> | undefined;
    const committed = short.transaction(async (tx) => {
      await tx.query('insert into c values (1)');
      closing = short.close();
      // statements of a transaction begun before close() still go to the thread, and so does its end
      await tx.query('insert into c values (2)');
      return (await tx.query('select count(*)::int as n from c')).rows[0];
    });
    expect(await committed).toEqual({ n: 2 });
    await closing;
    expect(short.closed).toBe(true);
    await expect(short.transaction(async (tx) => tx.query('select 1'))).rejects.toThrow('PGlite is closed');
  });

  it('when the thread ends without close(), then calls in flight and later fail at once and the owner hears of it', async () => {
    const lost: Error[] = [];
    const doomed = await PgliteThread.start({ ...fromCluster(), onLost: (e) => lost.push(e) });
    // its failure is awaited from the start: it is rejected while terminate() is still returning
    const inFlight = expect(doomed.query('select pg_sleep(0.5)')).rejects.toThrow(/exited/);
    // what a WebAssembly abort or an out-of-memory kill of the thread looks like from here
    await (doomed as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await inFlight;
    await expect(doomed.query('select 1')).rejects.toThrow(/exited/);
    expect(lost).toHaveLength(1);
  });

  it('when a process leaves its database open and idle, then the thread does not keep the process alive', () => {
    // a test or a script that forgets close() must still end, as it would with PGlite in-process
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = path.join(root, 'left-open.mts');
    writeFileSync(
      script,
      [
        "const { readFileSync } = await import('node:fs');",
        `const { PgliteThread } = await import(${JSON.stringify(path.join(here, 'pglite-thread.ts'))});`,
        `const db = await PgliteThread.start({ ...${JSON.stringify(START)}, loadDataDir: new Blob([readFileSync(${JSON.stringify(CLUSTER_TAR)})]) });`,
        "console.log(JSON.stringify((await db.query('select 41 + 1 as n')).rows));",
      ].join('\n'),
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: path.resolve(here, '../..'), encoding: 'utf8', timeout: 120_000 });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('[{"n":42}]');
    expect(child.status).toBe(0);
  });
});
