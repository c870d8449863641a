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

/** Ids, days and numbers are written into an EXECUTE as they are. */
const PLAIN = /^[0-9A-Za-z-]{1,64}$/;
/**
 * Any other text (a search's LIKE pattern, a cursor's time) as a dollar-quoted literal: nothing in
 * it is read as SQL up to the first closing tag, so the tag is one that first appears where it closes.
 */
const dollarQuoted = (v: string): string => {
  for (let n = 0; ; n++) {
    const tag = `$v${n}$`;
    if (`${v}${tag}`.indexOf(tag) === v.length) return `${tag}${v}${tag}`;
  }
};
const literal = (v: unknown): string => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'string' && PLAIN.test(v)) return `'${v}'`;
  // PostgreSQL text never holds NUL, which would end the statement's text early
  if (typeof v === 'string' && !v.includes('\0')) return dollarQuoted(v);
  throw new Error('a prepared select takes only text and whole numbers');
};

/**
 * A select planned once per connection and run with `values` for its placeholders; rows come back
 * mapped by drizzle as any select's do. drizzle names the statement on pg, where each pooled
 * connection plans it once. PGlite's driver sends every statement unnamed and so plans it on each
 * call, which for a document read (lines, payments and credit notes as subqueries) costs about as
 * much as running it; there it is PREPAREd in SQL once for the session and EXECUTEd over the
 * simple protocol, under the driver's own row mapping (its query is pointed at the EXECUTE).
 * EXECUTE takes no bind parameters, so the values are written in: ids, days and whole numbers as
 * they are, other text dollar-quoted.
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
