import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * SQL that writes an answer's JSON text in PostgreSQL, byte for byte as JSON.stringify would
 * write the object the JavaScript mappers build, so a list is sent as PostgreSQL wrote it
 * (no row parsing, mapping or stringify in Node). Money, percent and quantity leave the database
 * here and only here, by the rules of packages/schemas/src/money.ts (pence / 100, basis points
 * / 100, thousandths / 1000, rounding half-up); answer-json.db.test.ts proves each equal to its
 * JavaScript twin on PGlite and PostgreSQL.
 *
 * Every builder answers non-null text: a NULL anywhere would null the whole answer, which the
 * repositories refuse loudly rather than send.
 */
type Expr = SQL | SQL.Aliased | PgColumn;

/**
 * 12345 pence -> 123.45 (penceToPounds): exact decimal scaling, trailing zeros dropped, which is
 * how JavaScript prints pence / 100 for any amount below 2^53 / 1000 pence (far above
 * DOCUMENT_TOTAL_MAX_PENCE; near 2^53 the float division itself would round).
 */
export const poundsJson = (pence: Expr): SQL<string> => sql`trim_scale((${pence})::numeric * 0.01)::text`;
/** 1750 basis points -> 17.5 (basisPointsToPercent). */
export const percentJson = (bp: Expr): SQL<string> => sql`trim_scale((${bp})::numeric * 0.01)::text`;
/** 1500 thousandths -> 1.5 (milliToQuantity). */
export const quantityJson = (milli: Expr): SQL<string> => sql`trim_scale((${milli})::numeric * 0.001)::text`;
/** A whole number as is. */
export const integerJson = (n: Expr): SQL<string> => sql`(${n})::text`;

/** divRoundHalfUp in SQL: round(numerator / denominator) half away from zero, exact (numeric, no float). */
export const divRoundHalfUpSql = (numerator: SQL, denominator: SQL | number): SQL =>
  sql`(sign(${numerator}) * div(2 * abs(${numerator}) + (${denominator}), 2 * (${denominator})))`;

/** A string, uuid or text enum as a JSON string (PostgreSQL escapes as JSON.stringify does); NULL -> null. */
export const stringJson = (v: Expr): SQL<string> => sql`coalesce(to_json(${v})::text, 'null')`;
/** A boolean as true/false. */
export const booleanJson = (v: Expr): SQL<string> => sql`(case when ${v} then 'true' else 'false' end)`;
/** A timestamptz as Date#toISOString() prints it (UTC, milliseconds cut, not rounded); NULL -> null. */
export const timestampJson = (ts: Expr): SQL<string> =>
  sql`coalesce('"' || to_char((${ts}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;

const KEY = /^[a-zA-Z]+$/;
const keyText = (key: string, first: boolean) => {
  if (!KEY.test(key)) throw new Error(`not a plain JSON key: ${key}`);
  return `${first ? '{' : ','}"${key}":`;
};

/** [key, value] always written; [key, value, when] written only when `when` holds (a key a mapper leaves out when unset). */
export type JsonEntry = [key: string, value: SQL] | [key: string, value: SQL, when: SQL];

const entryJson = ([key, value, when]: JsonEntry, first: boolean): SQL => {
  if (first && when) throw new Error('the first key of an object must always be written');
  const head = sql.raw(`'${keyText(key, first)}'`);
  return when ? sql`(case when ${when} then ${head} || ${value} else '' end)` : sql`${head} || ${value}`;
};

/**
 * An object with its keys in the given order (the first must always be written). An item that is
 * SQL rather than an entry is a segment: text of further entries, each starting with its comma
 * (segmentJson), so one subquery can write several keys from a single scan.
 */
export function objectJson(items: (JsonEntry | SQL)[]): SQL<string> {
  const parts = items.map((item, i) => {
    if (!Array.isArray(item)) {
      if (i === 0) throw new Error('an object must start with an entry');
      return item;
    }
    return entryJson(item, i === 0);
  });
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** `,"a":…,"b":…`: entries to splice into an object (see objectJson). */
export const segmentJson = (entries: JsonEntry[]): SQL<string> => sql`(${sql.join(entries.map((e) => entryJson(e, false)), sql` || `)})`;
