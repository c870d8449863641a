import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** pg hands json back parsed, PGlite may hand back text: both are accepted. */
const parsedJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * The rows `from` finds (a `from … where …` clause, usually correlated to the outer row) as one
 * JSON array column, `'[]'` when there are none: each row an object of `fields`, in their order
 * and under their names, sorted by `orderBy` (names among `fields`). The objects are whole
 * subquery rows turned to JSON rather than one json_build_object call per row: the same values,
 * at about half of PostgreSQL's CPU for a list page's lines (bench/results.md, "Issue 38, 27
 * November 2026, second session").
 */
export function jsonRows<T>(fields: Record<string, SQL | AnyColumn>, from: SQL, orderBy: readonly (keyof T & string)[]): SQL<T[]> {
  const columns = sql.join(
    Object.entries(fields).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const order = sql.join(
    orderBy.map((name) => sql`row_.${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`coalesce((select json_agg(row_ order by ${order}) from (select ${columns} ${from}) row_), '[]'::json)`.mapWith(parsedJson<T[]>);
}
