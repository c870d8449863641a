/**
 * Answers of the embedded database's thread (pglite-thread.ts, pglite-worker.mjs) read from the
 * bytes PostgreSQL wrote into the results PGlite's own query and exec return: the same rows,
 * fields, counts and errors, with PGlite's parsers for each type, so that drizzle, pg-boss and
 * the prepared statements see no difference.
 *
 * Why not PGlite's own: its query sends Parse, Describe, Bind, Describe, Execute and Sync as six
 * calls into WebAssembly, and reads each answer field by field into a fresh ArrayBuffer. On the
 * database's thread that wrapper cost three times the statement itself (docs/reliability.md,
 * "PGlite's wire protocol"). There a statement is now one message in and one buffer out, and
 * the answer is read here, on the API's thread, which has time to spare.
 */

import { types as pgliteTypes } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}
export interface PgliteResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  command?: string;
  affectedRows?: number;
  rowCount?: number;
}

function bytea(text: string): Uint8Array {
  // PGlite's own reads two hex digits at a time with parseInt: slow for a kept PDF. The same bytes,
  // in a plain Uint8Array with a buffer of its own as PGlite's, not a Buffer over Node's shared pool.
  const out = new Uint8Array((text.length - 2) >> 1);
  Buffer.from(out.buffer).write(text.slice(2), 'hex');
  return out;
}

/**
 * PGlite's parsers by type: its own (types.parsers) and, for each array type, its array parser
 * over the element's, as PGlite builds them when it opens.
 */
export function typeParsers(arrayTypes: { oid: number; typarray: number }[]): Record<number, Parser> {
  const parsers: Record<number, Parser> = { ...(pgliteTypes.parsers as Record<number, Parser>), [pgliteTypes.BYTEA]: bytea };
  for (const { oid, typarray } of arrayTypes) {
    parsers[typarray] = (x) => pgliteTypes.arrayParser(x, parsers[oid]!, typarray) as unknown;
  }
  return parsers;
}

/** The fields of an ErrorResponse, by their one-letter codes, as PGlite names them on its error. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  R: 'routine',
};

/** An error as PGlite throws it for an ErrorResponse (a DatabaseError: name 'error', PostgreSQL's fields). */
function databaseError(b: Buffer, start: number, end: number): Error {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && b[at] !== 0) {
    const code = String.fromCharCode(b[at]!);
    const stop = b.indexOf(0, at + 1);
    fields[code] = b.toString('utf8', at + 1, stop);
    at = stop + 1;
  }
  const error = new Error(fields.M ?? 'unknown database error');
  error.name = 'error';
  for (const [code, name] of Object.entries(ERROR_FIELDS)) {
    if (fields[code] !== undefined) (error as unknown as Record<string, string>)[name] = fields[code]!;
  }
  return error;
}

/** PGlite's error when COMMIT finds the transaction already aborted and rolls it back instead. */
export function transactionAbortedError(): Error {
  const error = new Error('Transaction was rolled back instead of committed');
  error.name = 'error';
  Object.assign(error, { severity: 'ERROR', code: '25P02' });
  return error;
}

interface Column {
  name: string;
  parse: Parser | undefined;
  oid: number;
}

/**
 * The result sets of one exchange, as PGlite's parseResults gives them: one per completed
 * command (rows, fields, command, affectedRows counted across them, rowCount), or one empty set
 * when none completed. The first ErrorResponse is thrown, as PGlite throws it.
 */
export function readResults(bytes: ArrayBuffer, defaults: Record<number, Parser>, options?: QueryOptions): PgliteResults[] {
  const b = Buffer.from(bytes);
  const given = options?.parsers;
  const arrays = options?.rowMode === 'array';
  const sets: PgliteResults[] = [];
  let rows: unknown[] = [];
  let fields: PgliteResults['fields'] = [];
  let columns: Column[] = [];
  let plainKeys = true;
  let affectedRows = 0;
  let error: Error | undefined;
  let at = 0;
  while (at + 5 <= b.length) {
    const code = b[at]!;
    const end = at + 1 + b.readInt32BE(at + 1);
    const start = at + 5;
    at = end;
    if (error) continue;
    switch (code) {
      case 0x54 /* T: RowDescription */: {
        const n = b.readInt16BE(start);
        let p = start + 2;
        fields = [];
        columns = [];
        plainKeys = true;
        for (let i = 0; i < n; i++) {
          const stop = b.indexOf(0, p);
          const name = b.toString('utf8', p, stop);
          // table oid (4), column number (2), then the type's oid
          const oid = b.readInt32BE(stop + 7);
          p = stop + 19;
          fields.push({ name, dataTypeID: oid });
          columns.push({ name, oid, parse: given?.[oid] ?? defaults[oid] });
          if (name === '__proto__') plainKeys = false;
        }
        break;
      }
      case 0x44 /* D: DataRow */: {
        const n = b.readInt16BE(start);
        let p = start + 2;
        const values: unknown[] = new Array(n);
        for (let i = 0; i < n; i++) {
          const len = b.readInt32BE(p);
          p += 4;
          if (len < 0) {
            values[i] = null;
            continue;
          }
          const text = b.toString('utf8', p, p + len);
          p += len;
          const column = columns[i]!;
          values[i] = column.parse ? column.parse(text, column.oid) : text;
        }
        if (arrays) rows.push(values);
        else if (plainKeys) {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < n; i++) row[columns[i]!.name] = values[i];
          rows.push(row);
        } else rows.push(Object.fromEntries(columns.map((c, i) => [c.name, values[i]])));
        break;
      }
      case 0x43 /* C: CommandComplete */: {
        const tag = b.toString('utf8', start, end - 1);
        const parts = tag.split(' ');
        const command = parts[0]!;
        const rowCount = parseInt(parts[parts.length - 1]!, 10);
        if (command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') affectedRows += rowCount;
        const set: PgliteResults = { rows, fields, command, affectedRows };
        if (!Number.isNaN(rowCount)) set.rowCount = rowCount;
        sets.push(set);
        rows = [];
        fields = [];
        break;
      }
      case 0x45 /* E: ErrorResponse */:
        error = databaseError(b, start, end);
        break;
      default:
      // ParseComplete, BindComplete, NoData, ReadyForQuery, notices, an empty query: nothing to keep
    }
  }
  if (error) throw error;
  if (sets.length === 0) sets.push({ affectedRows: 0, rows: [], fields: [] });
  return sets;
}
