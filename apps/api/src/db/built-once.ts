import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { rowMapper } from './row-mapper.ts';
import { preparingSession } from './unnamed-statement.ts';

const dialect = new PgDialect();

/**
 * A statement whose text drizzle builds once, run on whatever handle the caller holds (the pool or
 * a transaction). drizzle builds a query's text again on every call, `.prepare()` included, since a
 * prepared query belongs to the handle it was made on; for a write's statements, sent inside a new
 * transaction every time, that building was about 14% of a write's CPU on the API's thread (the
 * counter's upsert alone about 30 µs; bench/results.md, thirty-first session). Every value comes
 * through a placeholder, so the text and its parameters' order never change; the client names
 * the text and each connection plans it once (pg-statement-names.ts, PGlite's thread).
 * `selection` is the query's flat selection (or its RETURNING), mapped as drizzle maps it.
 */
export function builtOnce<X extends Pick<Database, 'execute'>, R>(build: (x: X) => { getSQL(): SQL }, selection: Record<string, unknown>) {
  const map = rowMapper<R>(selection);
  const mapRows = (rows: unknown[][]) => rows.map(map);
  return builtOnceAs<X, R[]>((x) => ({ sql: build(x).getSQL(), mapRows }));
}

/**
 * builtOnce for a statement whose rows are mapped by their own function, made with it on the first
 * call (a session read's, cache/session-read.ts: the data columns, then the session row's).
 */
export function builtOnceAs<X, T>(build: (x: X) => { sql: SQL; mapRows: (rows: unknown[][]) => T }) {
  let built: { query: { sql: string; params: unknown[] }; mapRows: (rows: unknown[][]) => T } | undefined;
  return (x: X, values: Record<string, unknown>): Promise<T> => {
    if (!built) {
      // built on the first caller's handle: building sends nothing
      const { sql, mapRows } = build(x);
      built = { query: dialect.sqlToQuery(sql), mapRows };
    }
    return preparingSession(x as unknown as Database)
      .prepareQuery(built.query, undefined, undefined, true, built.mapRows)
      .execute(values) as Promise<T>;
  };
}
