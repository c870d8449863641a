import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

/** A CSV cell: text is neutralised, numbers and money are written as given. */
export type Cell = string | number | boolean | null | undefined | Money;

/** Integer pence, written as decimal pounds with 2 places ("1234.50", "-0.05"). */
export class Money {
  constructor(readonly pence: number) {}
  toString() {
    const sign = this.pence < 0 ? '-' : '';
    const abs = Math.abs(this.pence);
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
}
export const money = (pence: number | string | null | undefined) => (pence === null || pence === undefined ? null : new Money(Number(pence)));

// Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would run as a formula gets a leading apostrophe, which shows nothing in Excel. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Money) return value.toString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return neutralise(value);
}

export interface Column<R> {
  header: string;
  value: (row: R) => Cell;
}

/**
 * CSV with a BOM (Excel then reads UTF-8) and a header row, written row by row as `rows` yields,
 * with backpressure: nothing holds more than the page the source is reading.
 */
export function csvStream<R>(columns: readonly Column<R>[], rows: AsyncIterable<R>): Readable {
  const out = stringify({ bom: true, header: true, columns: columns.map((c) => c.header), record_delimiter: 'windows' });
  async function* records() {
    for await (const row of rows) yield columns.map((c) => cellText(c.value(row)));
  }
  pipeline(Readable.from(records()), out, (err) => {
    if (err) out.destroy(err);
  });
  return out;
}
