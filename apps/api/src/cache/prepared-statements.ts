interface PreparableSelect<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R[]> };
}

/**
 * A select planned once per connection and run with `values` for its placeholders; rows come back
 * mapped by drizzle as any select's do. drizzle names the statement on pg, where each pooled
 * connection plans it once. PGlite's thread keeps every statement it is sent by its text, named
 * or not, and parses and plans it once for its one session (db/pglite-worker.mjs), so the name
 * only matters on pg.
 */
export function preparedSelect<R>(name: string, query: PreparableSelect<R>): (values: Record<string, unknown>) => Promise<R[]> {
  const prepared = query.prepare(name);
  return (values) => prepared.execute(values);
}

/**
 * A select inside a transaction, planned once per connection like preparedSelect's: `build` makes
 * it on the transaction's handle each time (drizzle binds a prepared query to its session).
 */
export function preparedInTransaction<X, R>(name: string, build: (tx: X) => PreparableSelect<R>): (tx: X, values: Record<string, unknown>) => Promise<R[]> {
  return (tx, values) => build(tx).prepare(name).execute(values);
}
