import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** What drizzle's session offers to prepare a statement (its internal API, typed here once). */
export interface PreparingSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    arrayMode: true,
    mapper: (rows: unknown[][]) => unknown,
  ): { execute(values?: Record<string, unknown>): Promise<never> };
}

export const preparingSession = (db: Database): PreparingSession => (db as unknown as { _: { session: PreparingSession } })._.session;

const dialect = new PgDialect();

/**
 * A statement with placeholders, built once and sent without a name of drizzle's: the client names
 * it, and so plans it once, unless its text is one planned with its values every time (a search's
 * term: db/plan-each-time.mjs decides which texts are). Answers the first column of each row.
 */
export function firstColumnStatement<T>(db: Database, query: SQL): (values: Record<string, unknown>) => Promise<T[]> {
  const prepared = preparingSession(db).prepareQuery(dialect.sqlToQuery(query), undefined, undefined, true, (rows) => rows.map((r) => r[0]));
  return (values) => prepared.execute(values) as Promise<T[]>;
}
