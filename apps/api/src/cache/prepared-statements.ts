import { isEmbedded, type Database } from '../db/client.ts';

interface PreparableSelect<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R[]> };
}
interface PgliteResults {
  rows: unknown[];
}
interface PgliteClient {
  query(text: string, params?: unknown[], options?: unknown): Promise<PgliteResults>;
  exec(text: string, options?: unknown): Promise<PgliteResults[]>;
}

let embeddedStatements = 0;

/** Values written into an EXECUTE: ids, days and numbers only, so nothing else can reach the SQL text. */
const PLAIN = /^[0-9A-Za-z-]{1,64}$/;
/** and instants as a cursor writes them (toISOString): a list's later page */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const literal = (v: unknown): string => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'string' && (PLAIN.test(v) || INSTANT.test(v))) return `'${v}'`;
  throw new Error('a prepared select takes only ids, days, instants and whole numbers');
};

/**
 * A select planned once per connection and run with `values` for its placeholders; rows come back
 * mapped by drizzle as any select's do. drizzle names the statement on pg, where each pooled
 * connection plans it once. PGlite's driver sends every statement unnamed and so plans it on each
 * call, which for a document read (lines, payments and credit notes as subqueries) costs about as
 * much as running it; there it is PREPAREd in SQL once for the session and EXECUTEd over the
 * simple protocol, under the driver's own row mapping (its query is pointed at the EXECUTE).
 * EXECUTE takes no bind parameters, so the values are written in, and only ids, days, instants
 * (toISOString) and whole numbers are accepted (a search, whose pattern is any text, is never prepared).
 */
export function preparedSelect<R>(db: Database, name: string, query: PreparableSelect<R>): (values: Record<string, unknown>) => Promise<R[]> {
  const prepared = query.prepare(name);
  if (!isEmbedded(db)) return (values) => prepared.execute(values);
  const driver = prepared as unknown as { client: PgliteClient };
  const client = driver.client;
  // one session holds every statement: each call gets a name of its own
  const session = `${name}_${++embeddedStatements}`;
  let ready: Promise<unknown> | undefined;
  driver.client = {
    exec: (text, options) => client.exec(text, options),
    async query(text, params = [], options) {
      ready ??= client.query(`prepare ${session} as ${text}`).catch((e: unknown) => {
        ready = undefined;
        throw e;
      });
      await ready;
      // the simple protocol: one message each way instead of parse, bind, describe and execute
      const [result] = await client.exec(`execute ${session}(${params.map(literal).join(', ')})`, options);
      return result ?? { rows: [] };
    },
  };
  return (values) => prepared.execute(values);
}

/**
 * A select inside a transaction, planned once per connection like preparedSelect's: `build` makes
 * it on the transaction's handle each time (drizzle binds a prepared query to its session). On
 * pg the name makes each pooled connection parse and plan it once. On PGlite the transaction's
 * own handle PREPAREs it once for the session (a PREPARE outlives the transaction it ran in, even
 * one rolled back) and EXECUTEs it, with the same rules for values as preparedSelect.
 */
export function preparedInTransaction<X, R>(
  db: Database,
  name: string,
  build: (tx: X) => PreparableSelect<R>,
): (tx: X, values: Record<string, unknown>) => Promise<R[]> {
  if (!isEmbedded(db)) return (tx, values) => build(tx).prepare(name).execute(values);
  const session = `${name}_${++embeddedStatements}`;
  let ready = false;
  return async (tx, values) => {
    const prepared = build(tx).prepare(session);
    const driver = prepared as unknown as { client: PgliteClient };
    const handle = driver.client;
    driver.client = {
      exec: (text, options) => handle.exec(text, options),
      async query(text, params = [], options) {
        const args = params.map(literal).join(', ');
        if (!ready) {
          await handle.query(`prepare ${session} as ${text}`);
          ready = true;
        }
        const [result] = await handle.exec(`execute ${session}(${args})`, options);
        return result ?? { rows: [] };
      },
    };
    return prepared.execute(values);
  };
}
