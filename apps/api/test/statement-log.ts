import type { Database } from '../src/db/client.ts';

type Fn = (...args: unknown[]) => unknown;
interface Driver {
  query?: Fn;
  exec?: Fn;
  connect?: Fn;
  transaction?: Fn;
}

const textOf = (arg: unknown): string =>
  typeof arg === 'string' ? arg : typeof arg === 'object' && arg && 'text' in arg ? String((arg as { text: unknown }).text) : String(arg);

/**
 * Every statement the app sends to the database while `run` runs, in order, including those inside
 * transactions (count-statements.ts sees only the pool's and PGlite's own calls). On PostgreSQL
 * each is a round trip: the pool's `query`, and `query` of every client a transaction checks out
 * (BEGIN and COMMIT included). On PGlite: `query` and `exec`, and inside `transaction` its BEGIN,
 * COMMIT or ROLLBACK and the handle's `query`/`exec`.
 */
export async function logStatements(db: Database, run: () => Promise<unknown>): Promise<string[]> {
  const driver = (db as unknown as { $client: Driver }).$client;
  const log: string[] = [];
  const wrap = (target: Driver, name: 'query' | 'exec') => {
    const original = target[name];
    if (!original) return;
    target[name] = (...args: unknown[]) => {
      log.push(textOf(args[0]));
      return original.apply(target, args);
    };
  };
  const saved = { query: driver.query, exec: driver.exec, connect: driver.connect, transaction: driver.transaction };
  wrap(driver, 'query');
  wrap(driver, 'exec');
  const isPool = typeof saved.connect === 'function' && !saved.transaction;
  if (isPool) {
    driver.connect = (...args: unknown[]) => {
      // pool.query checks a client out with a callback: that statement is counted as the pool's
      if (typeof args[0] === 'function') return saved.connect!.apply(driver, args);
      return (saved.connect!.apply(driver, args) as Promise<Driver & { release: Fn }>).then((client) => {
        const query = client.query!;
        const release = client.release;
        client.query = (...a: unknown[]) => {
          log.push(textOf(a[0]));
          return query.apply(client, a);
        };
        client.release = (...a: unknown[]) => {
          client.query = query;
          client.release = release;
          return release.apply(client, a);
        };
        return client;
      });
    };
  }
  if (saved.transaction) {
    driver.transaction = (fn: unknown) =>
      saved.transaction!.call(driver, async (tx: Driver) => {
        log.push('BEGIN');
        wrap(tx, 'query');
        wrap(tx, 'exec');
        try {
          const result = await (fn as (t: Driver) => Promise<unknown>)(tx);
          log.push('COMMIT');
          return result;
        } catch (e) {
          log.push('ROLLBACK');
          throw e;
        }
      });
  }
  try {
    await run();
  } finally {
    driver.query = saved.query;
    driver.exec = saved.exec;
    if (isPool) driver.connect = saved.connect;
    if (saved.transaction) driver.transaction = saved.transaction;
  }
  return log;
}
