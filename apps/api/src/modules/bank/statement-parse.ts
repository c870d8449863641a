import { createHash } from 'node:crypto';
import { parse as parseCsvText } from 'csv-parse/sync';
import { Ofx } from 'ofx-data-extractor';
import type { TCsvMapping, TCsvPreset } from '@docket/schemas/bank';
import { isIsoDate } from '@docket/schemas/common';

/** One statement line as read from the file, before it is stored. */
export interface ParsedLine {
  /** 1-based line of the file it came from, for messages */
  line: number;
  date: string;
  amountPence: number;
  description: string;
  balancePence: number | null;
  transactionId: string | null;
}

/** A file that cannot be read: the message names the line (docs/data-transfer.md). */
export class StatementError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`Line ${line}: ${detail}`);
  }
}

interface Layout {
  /** header names; a list is joined with a space (several description columns) */
  date: string;
  description: string[];
  amount?: string;
  paidIn?: string;
  paidOut?: string;
  balance?: string;
  transactionId?: string;
  dateFormat: TCsvMapping['dateFormat'];
  /** the file has no header row: these are its columns in order */
  headerless?: string[];
}

/**
 * The UK banks' CSV export layouts, as each bank describes its download (docs/data-transfer.md,
 * "Bank statements"); the fixtures in test/fixtures/statements follow them.
 */
export const CSV_PRESET_LAYOUTS: Record<TCsvPreset, Layout> = {
  barclays: { date: 'Date', description: ['Memo'], amount: 'Amount', dateFormat: 'DD/MM/YYYY' },
  hsbc: { date: 'Date', description: ['Description'], amount: 'Amount', dateFormat: 'DD/MM/YYYY', headerless: ['Date', 'Description', 'Amount'] },
  lloyds: {
    date: 'Transaction Date',
    description: ['Transaction Description'],
    paidIn: 'Credit Amount',
    paidOut: 'Debit Amount',
    balance: 'Balance',
    dateFormat: 'DD/MM/YYYY',
  },
  natwest: { date: 'Date', description: ['Description'], amount: 'Value', balance: 'Balance', dateFormat: 'DD/MM/YYYY' },
  santander: { date: 'Date', description: ['Description'], amount: 'Amount', balance: 'Balance', dateFormat: 'DD/MM/YYYY' },
  nationwide: { date: 'Date', description: ['Description'], paidIn: 'Paid in', paidOut: 'Paid out', balance: 'Balance', dateFormat: 'DD MMM YYYY' },
  monzo: { date: 'Date', description: ['Name', 'Description'], amount: 'Amount', transactionId: 'Transaction ID', dateFormat: 'DD/MM/YYYY' },
  starling: { date: 'Date', description: ['Counter Party', 'Reference'], amount: 'Amount (GBP)', balance: 'Balance (GBP)', dateFormat: 'DD/MM/YYYY' },
  tide: {
    date: 'Date',
    description: ['Transaction Information', 'Reference'],
    paidIn: 'Paid in',
    paidOut: 'Paid out',
    transactionId: 'Transaction ID',
    dateFormat: 'YYYY-MM-DD',
  },
};

export const layoutOfMapping = (m: TCsvMapping): Layout => ({
  date: m.date,
  description: [m.description],
  ...(m.amount ? { amount: m.amount } : { paidIn: m.paidIn!, paidOut: m.paidOut! }),
  ...(m.balance ? { balance: m.balance } : {}),
  ...(m.transactionId ? { transactionId: m.transactionId } : {}),
  dateFormat: m.dateFormat,
});

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: string) => n.padStart(2, '0');

/** A UK statement date to YYYY-MM-DD, or null. Two-digit years are this century. */
export function ukDate(text: string, format: Layout['dateFormat']): string | null {
  const v = text.trim();
  let iso: string | null = null;
  if (format === 'YYYY-MM-DD') iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v)?.slice(1, 4).join('-') ?? null;
  else if (format === 'DD MMM YYYY') {
    const m = /^(\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -](\d{4}|\d{2})$/.exec(v);
    const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1;
    if (m && month >= 0) iso = `${m[3]!.length === 2 ? `20${m[3]}` : m[3]}-${pad(String(month + 1))}-${pad(m[1]!)}`;
  } else {
    const m = (format === 'DD-MM-YYYY' ? /^(\d{1,2})-(\d{1,2})-(\d{4}|\d{2})$/ : /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/).exec(v);
    if (m) iso = `${m[3]!.length === 2 ? `20${m[3]}` : m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  }
  return iso && isIsoDate(iso) ? iso : null;
}

/** "£1,234.50", "-12.3", "(4.00)" to pence; '' is null. Anything else is refused. */
export function moneyPence(text: string): number | null | 'bad' {
  let v = text
    .trim()
    .replace(/[£,\s]/g, '')
    .replace(/GBP$/i, '');
  if (v === '') return null;
  let sign = 1;
  if (/^\(.*\)$/.test(v)) {
    sign = -1;
    v = v.slice(1, -1);
  }
  if (v.startsWith('+')) v = v.slice(1);
  else if (v.startsWith('-')) {
    sign = -sign;
    v = v.slice(1);
  }
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(v);
  if (!m) return 'bad';
  return sign * (Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')));
}

export function parseCsvStatement(text: string, layout: Layout): ParsedLine[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parseCsvText(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, info: true, trim: true }) as unknown as typeof rows;
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    throw new StatementError(line, 'the CSV cannot be read (check quotes and separators)');
  }
  const wanted = [layout.date, ...layout.description, layout.amount, layout.paidIn, layout.paidOut, layout.balance, layout.transactionId].filter(
    (c): c is string => Boolean(c),
  );
  const required = [layout.date, layout.description[0]!, ...(layout.amount ? [layout.amount] : [layout.paidIn!, layout.paidOut!])];
  let header: string[];
  let start: number;
  if (layout.headerless) {
    header = layout.headerless;
    start = 0;
  } else {
    // Some banks (Nationwide) put account details above the header: the header is the first row naming every column.
    const at = rows.findIndex((r) => required.every((c) => r.record.some((h) => h.toLowerCase() === c.toLowerCase())));
    if (at < 0) throw new StatementError(rows[0]?.info.lines ?? 1, `no header row with the columns ${required.join(', ')}`);
    header = rows[at]!.record.map((h) => h.toLowerCase());
    start = at + 1;
  }
  const index = new Map(wanted.map((c) => [c, header.findIndex((h) => h.toLowerCase() === c.toLowerCase())]));
  const cell = (r: string[], c: string | undefined) => (c && (index.get(c) ?? -1) >= 0 ? (r[index.get(c)!] ?? '') : '');
  const out: ParsedLine[] = [];
  for (const { record, info } of rows.slice(start)) {
    const line = info.lines;
    const date = ukDate(cell(record, layout.date), layout.dateFormat);
    if (!date) throw new StatementError(line, `date "${cell(record, layout.date).slice(0, 40)}" is not a ${layout.dateFormat} date`);
    let amount: number;
    if (layout.amount) {
      const a = moneyPence(cell(record, layout.amount));
      if (a === 'bad' || a === null) throw new StatementError(line, `amount "${cell(record, layout.amount).slice(0, 40)}" is not an amount`);
      amount = a;
    } else {
      const paidIn = moneyPence(cell(record, layout.paidIn));
      const paidOut = moneyPence(cell(record, layout.paidOut));
      if (paidIn === 'bad') throw new StatementError(line, `paid in "${cell(record, layout.paidIn).slice(0, 40)}" is not an amount`);
      if (paidOut === 'bad') throw new StatementError(line, `paid out "${cell(record, layout.paidOut).slice(0, 40)}" is not an amount`);
      if (paidIn === null && paidOut === null) throw new StatementError(line, 'neither paid in nor paid out has an amount');
      amount = (paidIn ?? 0) - Math.abs(paidOut ?? 0);
    }
    const balance = layout.balance ? moneyPence(cell(record, layout.balance)) : null;
    if (balance === 'bad') throw new StatementError(line, `balance "${cell(record, layout.balance).slice(0, 40)}" is not an amount`);
    const description = layout.description
      .map((c) => cell(record, c))
      .filter(Boolean)
      .join(' ')
      .slice(0, 500);
    out.push({ line, date, amountPence: amount, description, balancePence: balance, transactionId: cell(record, layout.transactionId) || null });
  }
  return out;
}

/** The line of the first tag that does not nest (OFX 1 leaves leaf elements unclosed; aggregates are closed). */
function ofxStructureError(text: string): StatementError | null {
  const body = text.indexOf('<OFX>');
  if (body < 0) return new StatementError(1, 'not an OFX file (no <OFX> element)');
  const stack: { name: string; line: number }[] = [];
  const tag = /<(\/?)([A-Za-z0-9.]+)>([^<]*)/g;
  let m: RegExpExecArray | null;
  let line = text.slice(0, body).split('\n').length;
  let last = body;
  tag.lastIndex = body;
  while ((m = tag.exec(text))) {
    line += text.slice(last, m.index).split('\n').length - 1;
    last = m.index;
    const [, close, name, after] = m;
    if (close) {
      const top = stack.pop();
      if (!top || top.name !== name!.toUpperCase())
        return new StatementError(line, `</${name}> does not close ${top ? `<${top.name}> (line ${top.line})` : 'anything'}`);
    } else if (!after!.trim()) {
      // An element with nothing but other elements inside: it must be closed later. A leaf (value after it) may be closed or not.
      const next = text.slice(tag.lastIndex, tag.lastIndex + name!.length + 3);
      if (next !== `</${name}>`) stack.push({ name: name!.toUpperCase(), line });
    } else if (text.startsWith(`</${name}>`, tag.lastIndex)) {
      tag.lastIndex += name!.length + 3;
    }
  }
  const open = stack.pop();
  return open ? new StatementError(open.line, `<${open.name}> is never closed`) : null;
}

/** OFX 1.x (SGML) and 2.x (XML) bank and card statements, read by ofx-data-extractor. */
export function parseOfxStatement(text: string): ParsedLine[] {
  const structural = ofxStructureError(text);
  if (structural) throw structural;
  let list: Record<string, string>[];
  try {
    const ofx = new Ofx(text, { nativeTypes: false });
    list = [
      ...(ofx.getBankTransferList() as unknown as Record<string, string>[]),
      ...((safe(() => ofx.getCreditCardTransferList()) ?? []) as unknown as Record<string, string>[]),
    ];
  } catch {
    throw new StatementError(1, 'the OFX file cannot be read');
  }
  // Each transaction's own line in the file, for messages: the n-th <STMTTRN>.
  const starts: number[] = [];
  text.split('\n').forEach((l, i) => {
    if (/<STMTTRN>/i.test(l)) starts.push(i + 1);
  });
  return list.map((t, i) => {
    const line = starts[i] ?? 1;
    const date = typeof t.DTPOSTED === 'string' ? t.DTPOSTED.slice(0, 10) : '';
    if (!isIsoDate(date)) throw new StatementError(line, `DTPOSTED "${String(t.DTPOSTED ?? '').slice(0, 40)}" is not a date`);
    const amount = moneyPence(String(t.TRNAMT ?? ''));
    if (amount === 'bad' || amount === null) throw new StatementError(line, `TRNAMT "${String(t.TRNAMT ?? '').slice(0, 40)}" is not an amount`);
    const description = [t.NAME, t.MEMO]
      .filter((v) => typeof v === 'string' && v.trim())
      .join(' ')
      .slice(0, 500);
    return {
      line,
      date,
      amountPence: amount,
      description,
      balancePence: null,
      transactionId: typeof t.FITID === 'string' && t.FITID.trim() ? t.FITID.trim() : null,
    };
  });
}

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

/**
 * What makes a line the same line when a statement is imported again: the bank's transaction id,
 * else date, amount, description and balance plus how many identical lines came before it in the
 * same file (two £5 coffees on one day are two lines).
 */
export function fingerprints(lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.transactionId) return `id:${l.transactionId}`;
    const key = `${l.date}|${l.amountPence}|${l.description.replace(/\s+/g, ' ').trim().toLowerCase()}|${l.balancePence ?? ''}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `fp:${createHash('sha256').update(`${key}|${n}`).digest('hex')}`;
  });
}
