import type { Database } from '../src/db/client.ts';

type Sender = Record<'query' | 'exec', ((...args: unknown[]) => unknown) | undefined>;

/**
 * The statements the app sends to the database while `run` runs: every call of the driver's
 * `query` (node-postgres pool, PGlite) and `exec` (PGlite's simple protocol). Statements inside a
 * transaction go through a checked-out client and are not seen: use this for reads.
 */
export async function countStatements(db: Database, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Sender }).$client;
  let count = 0;
  const originals = { query: client.query, exec: client.exec };
  for (const name of ['query', 'exec'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      count++;
      return original.apply(client, args);
    };
  }
  try {
    await run();
  } finally {
    client.query = originals.query;
    client.exec = originals.exec;
  }
  return count;
}
