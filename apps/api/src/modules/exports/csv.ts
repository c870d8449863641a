import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

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

/** Rows turned into CSV text at a time: each string stays small (about 15 KB of invoices) and short-lived. */
const TEXT_BATCH = 100;

/**
 * CSV with a BOM (Excel then reads UTF-8) and a header row, read a page at a time from `nextPage`
 * (null at the end). A page becomes one Buffer before anything waits on the client and no frame
 * keeps the page after that, so its row objects die young: kept across a wait for 'drain' they are
 * promoted to V8's old space, where only a full collection frees them. The Buffer lives outside
 * the JS heap. The next page is read only once the client has taken this one (pipeline waits for
 * 'drain'), and destroying the stream (the client hung up) reads no further page.
 */
export function csvStream<R>(columns: readonly Column<R>[], nextPage: () => Promise<R[] | null>): Readable {
  const header = Buffer.from(stringify([], { bom: true, header: true, columns: columns.map((c) => c.header), record_delimiter: 'windows' }));
  const record = (row: R) => columns.map((c) => cellText(c.value(row)));
  async function nextText(): Promise<Buffer | null> {
    // The page's only holder: each batch of rows is let go once it is text.
    const rows = await nextPage();
    if (!rows) return null;
    const parts: Buffer[] = [];
    for (let i = 0; i < rows.length; i += TEXT_BATCH) {
      const batch = rows.slice(i, i + TEXT_BATCH);
      rows.fill(undefined as R, i, i + TEXT_BATCH);
      parts.push(Buffer.from(stringify(batch.map(record), { record_delimiter: 'windows' })));
    }
    return Buffer.concat(parts);
  }
  async function* chunks() {
    yield header;
    for (let text = await nextText(); text; text = await nextText()) if (text.length) yield text;
  }
  // A byte stream: it reads ahead only while less than 64 KiB waits for the socket.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
