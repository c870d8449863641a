import { Placeholder, sql } from 'drizzle-orm';
import { isEmbedded, type Database } from './client.ts';

interface PreparableSelect<R> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R[]> };
}
interface PgliteClient {
  query(text: string): Promise<unknown>;
  exec(text: string, options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }[]>;
}

let embeddedStatements = 0;

/** Values written into an EXECUTE: ids, days and numbers only, so nothing else can reach the SQL text. */
const PLAIN = /^[0-9A-Za-z-]{1,64}$/;
const literal = (v: unknown): string => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'string' && PLAIN.test(v)) return `'${v}'`;
  throw new Error('a prepared select takes only ids, days and whole numbers');
};

/**
 * A select planned once per connection and run with `values` for its placeholders, answering
 * `columns` in selection order. drizzle names the statement on pg, where each pooled connection
 * plans it once. PGlite's driver sends every statement unnamed and so plans it on each call,
 * which for the answer queries (many correlated subqueries) costs more than running them; there
 * it is PREPAREd in SQL once for the session and EXECUTEd over the simple protocol. EXECUTE takes
 * no bind parameters, so the values are written in, and only ids, days and whole numbers are
 * accepted.
 */
export function preparedSelect<R extends Record<string, unknown>>(db: Database, name: string, query: PreparableSelect<R>, columns: readonly (keyof R & string)[]) {
  if (!isEmbedded(db)) {
    const prepared = query.prepare(name);
    return (values: Record<string, unknown>): Promise<R[]> => prepared.execute(values);
  }
  const client = (db as unknown as { $client: PgliteClient }).$client;
  const { sql: text, params } = query.toSQL();
  // one session holds every statement: each call gets a name of its own
  const session = `${name}_${++embeddedStatements}`;
  let ready: Promise<unknown> | undefined;
  return async (values: Record<string, unknown>): Promise<R[]> => {
    ready ??= client.query(`prepare ${session} as ${text}`).catch((e: unknown) => {
      ready = undefined;
      throw e;
    });
    await ready;
    const args = params.map((p) => literal(p instanceof Placeholder ? values[p.name] : p));
    // the simple protocol: one message each way instead of parse, bind, describe and execute
    const [result] = await client.exec(`execute ${session}(${args.join(', ')})`, { rowMode: 'array' });
    return (result?.rows ?? []).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])) as R);
  };
}

/**
 * One prepared select per page size, the size written into its text: with LIMIT as a parameter
 * PostgreSQL re-plans the page on every request (a custom plan always looks cheaper than the
 * generic one), and planning the answers' subqueries costs about as much as running them. At
 * most PAGE_LIMIT_MAX + 1 statements (the list queries refuse larger limits). `build` gets the
 * LIMIT as SQL to pass to `.limit()`.
 */
export function preparedPerLimit<R extends Record<string, unknown>>(
  db: Database,
  name: string,
  build: (limit: number) => PreparableSelect<R>,
  columns: readonly (keyof R & string)[],
): (limit: number) => (values: Record<string, unknown>) => Promise<R[]> {
  const pages = new Map<number, (values: Record<string, unknown>) => Promise<R[]>>();
  return (limit) => {
    const n = Math.trunc(limit);
    let page = pages.get(n);
    if (!page) {
      // written into the statement's text (drizzle would bind a number)
      page = preparedSelect(db, `${name}_${n}`, build(sql.raw(String(n)) as unknown as number), columns);
      pages.set(n, page);
    }
    return page;
  };
}
