import { randomUUID } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import type { z } from 'zod';
import { ZClientRequest } from '@docket/schemas/client';
import { ZItemRequest } from '@docket/schemas/item';
import { EXPENSE_MESSAGES, ZExpenseRequest } from '@docket/schemas/expense';
import { formatPence, poundsToPence } from '@docket/schemas/money';
import { planLimitMessage } from '@docket/schemas/plans';
import { VAT_RATES } from '@docket/schemas/vat';
import {
  IMPORT_ISSUES_SHOWN,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  type TImportIssue,
  type TImportKind,
  type TImportResult,
} from '@docket/schemas/data-transfer';
import { BAD_TEXT, FORBIDDEN_TEXT } from '../../middleware/validate.ts';
import { neutralise } from '../exports/csv.ts';
import type { ClientFields } from '../clients/clients.repository.ts';
import type { ItemFields } from '../items/items.repository.ts';
import {
  EXPENSE_HEADERS,
  expenseFields,
  expenseInput,
  expenseKey,
  expensePreview,
  readExpense,
  type ExpenseSource,
  type ParsedExpense,
} from './expense-dialects.ts';
import { CLIENT_HEADERS, ITEM_HEADERS, hasAny, readClient, readItem, squash, type Picked } from './dialects.ts';

/**
 * One import file, read, validated and planned without touching the database: this runs in a
 * worker thread (import-pool.ts), so parsing and validating 100,000 rows never holds the API's
 * event loop. The database facts it needs (the keys already taken, the room under the plan's
 * limit) come in with the task; what to write goes back as JSON batches the API inserts one by one.
 */
export interface ImportTask {
  kind: TImportKind;
  bytes: Uint8Array;
  /** lower-cased duplicate keys the account already has (clientKey / itemKey) */
  existing: string[];
  /** rows that may still be created under the plan's limit; null = no limit */
  room: number | null;
  /** also answer the rows with errors as CSV, each with its reasons (the "download the bad rows" file) */
  rejected?: boolean;
}

/** Rows per INSERT (and per yield to other requests): well under PostgreSQL's 65,535 parameters. */
export const IMPORT_WRITE_BATCH = 500;

export type ImportPlan =
  | { refused: { status: 400; message: string } }
  | {
      refused?: undefined;
      result: Omit<TImportResult, 'dryRun' | 'created'>;
      /** the rows to write, IMPORT_WRITE_BATCH a batch, each a JSON array of fields with their new ids */
      batches: string[];
      /** rows with an error in the file's own columns plus a Problem column (only when asked) */
      rejectedCsv?: string;
    };

type Source = Record<string, Picked>;
interface Kind<S extends Source, Fields> {
  required: { label: string; headers: readonly string[] }[];
  read: (row: Map<string, string>, original: Map<string, string>) => S;
  schema: z.ZodType;
  input: (s: S) => Record<string, unknown>;
  fields: (parsed: never) => Fields;
  /** the duplicate key: what makes a row "already there" */
  key: (parsed: never) => { key: string; label: string; column: keyof S & string };
  preview: (parsed: never) => Record<string, string>;
  /** where the form's message for a field would name an API field or value, the file's words */
  messages?: Record<string, string>;
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  no: false,
  n: false,
  false: false,
  '0': false,
  business: true,
  consumer: false,
};

/** "£1,234.50" -> 1234.5; anything else stays as written so the form's message reports it. */
function priceOf(text: string | null): unknown {
  if (text === null) return undefined;
  const cleaned = text.replace(/[£,\s]/g, '');
  const n = Number(cleaned);
  return cleaned !== '' && Number.isFinite(n) ? n : text;
}
/** "20%", "20" -> 20; empty -> null; anything else stays as written for the form's message. */
function cisOf(text: string | null): unknown {
  if (text === null) return null;
  const n = Number(text.replace(/[%\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
}
/** "14", "14 days" -> 14; empty -> null (the company's terms); anything else stays as written for the form's message. */
function termsOf(text: string | null): unknown {
  if (text === null || text.trim() === '') return null;
  const n = Number(text.replace(/\s*days?\s*$/i, '').trim());
  return Number.isFinite(n) ? n : text;
}
/** " standard " -> "STANDARD"; empty -> absent. */
const codeOf = (text: string | null) => (text === null || text.trim() === '' ? undefined : text.trim().toUpperCase());

/** The duplicate key of a client: its email, or, for a client without one, its name. */
export const clientKey = (email: string, name: string) => (email ? email.toLowerCase() : `name:${name.toLowerCase()}`);
export const itemKey = (name: string) => name.toLowerCase();

type ParsedClient = z.output<typeof ZClientRequest>;
type ParsedItem = z.output<typeof ZItemRequest>;

const clientKind: Kind<ReturnType<typeof readClient>, ClientFields> = {
  required: [{ label: 'Name', headers: [...CLIENT_HEADERS.name, ...CLIENT_HEADERS.firstName, ...CLIENT_HEADERS.lastName] }],
  read: readClient,
  schema: ZClientRequest,
  input: (s) => {
    const flag = s.isBusiness.value === null ? undefined : (BOOLEAN_WORDS[s.isBusiness.value.toLowerCase()] ?? s.isBusiness.value);
    return {
      name: s.name.value ?? '',
      email: s.email.value,
      phone: s.phone.value,
      address: s.address.value,
      vatNumber: s.vatNumber.value,
      // A VAT number means a business (Xero's TaxNumber and the like), unless the file says otherwise.
      isBusiness: flag ?? (s.vatNumber.value ? true : undefined),
      cisRate: cisOf(s.cisRate.value),
      paymentTermsDays: termsOf(s.paymentTermsDays.value),
    };
  },
  fields: (c: ParsedClient) => ({
    ...c,
    isBusiness: c.isBusiness ?? false,
    vatNumber: c.vatNumber ?? null,
    cisRate: c.cisRate ?? null,
    paymentTermsDays: c.paymentTermsDays ?? null,
  }),
  key: (c: ParsedClient) =>
    c.email ? { key: clientKey(c.email, c.name), label: 'email', column: 'email' } : { key: clientKey('', c.name), label: 'name and no email', column: 'name' },
  preview: (c: ParsedClient) => ({
    Name: c.name,
    Email: c.email,
    Phone: c.phone ?? '',
    Address: c.address ?? '',
    'Customer type': c.isBusiness ? 'Business' : 'Consumer',
    'VAT number': c.vatNumber ?? '',
    'CIS rate': c.cisRate === null || c.cisRate === undefined ? '' : `${c.cisRate}%`,
    'Payment terms': c.paymentTermsDays === null || c.paymentTermsDays === undefined ? '' : `${c.paymentTermsDays} days`,
  }),
};

const itemKind: Kind<ReturnType<typeof readItem>, ItemFields> = {
  required: [
    { label: 'Name', headers: ITEM_HEADERS.name },
    { label: 'Price', headers: ITEM_HEADERS.price },
  ],
  read: readItem,
  schema: ZItemRequest,
  // A file without a description column describes each item by its name.
  input: (s) => ({
    name: s.name.value ?? '',
    description: s.description.header === null ? (s.name.value ?? '') : (s.description.value ?? ''),
    price: priceOf(s.price.value),
    // Optional; codes are matched whatever their case, anything else gets the form's message.
    vat: codeOf(s.vat.value),
    kind: codeOf(s.kind.value),
    unit: s.unit.value,
  }),
  fields: (i: ParsedItem) => ({
    name: i.name,
    description: i.description,
    pricePence: poundsToPence(i.price),
    vat: i.vat ?? null,
    kind: i.kind ?? null,
    unit: i.unit ?? null,
  }),
  key: (i: ParsedItem) => ({ key: itemKey(i.name), label: 'name', column: 'name' }),
  preview: (i: ParsedItem) => ({
    Name: i.name,
    Description: i.description,
    Price: formatPence(poundsToPence(i.price)),
    VAT: i.vat ? `${VAT_RATES[i.vat].name}${VAT_RATES[i.vat].rateBp || VAT_RATES[i.vat].reverseCharge ? ` (${VAT_RATES[i.vat].rateBp / 100}%)` : ''}` : '',
    Kind: i.kind === 'LABOUR' ? 'Labour' : i.kind === 'MATERIALS' ? 'Materials' : '',
    Unit: i.unit ?? '',
  }),
};

const expenseKind: Kind<ExpenseSource, ReturnType<typeof expenseFields>> = {
  required: [
    { label: 'Date', headers: EXPENSE_HEADERS.date },
    { label: 'Supplier', headers: [...EXPENSE_HEADERS.supplier, ...EXPENSE_HEADERS.description] },
    { label: 'Category', headers: EXPENSE_HEADERS.category },
    { label: 'Net or Total', headers: [...EXPENSE_HEADERS.net, ...EXPENSE_HEADERS.unitAmount, ...EXPENSE_HEADERS.gross] },
  ],
  read: readExpense,
  schema: ZExpenseRequest,
  input: (s) => {
    const input = expenseInput(s);
    // A refund or credit is money back, not spending: the row is refused rather than stored negative.
    return s.type.value && /refund|credit/i.test(s.type.value) ? { ...input, net: -1 } : input;
  },
  fields: (e: ParsedExpense) => expenseFields(e),
  key: (e: ParsedExpense) => {
    const f = expenseFields(e);
    return { key: expenseKey(f.date, f.supplier, f.netPence, f.vatPence), label: 'date, supplier and amounts', column: 'supplier' };
  },
  preview: (e: ParsedExpense) => expensePreview(e),
  messages: {
    date: IMPORT_MESSAGES.expenseDate,
    category: IMPORT_MESSAGES.expenseCategory,
    net: IMPORT_MESSAGES.expenseNet,
    vat: IMPORT_MESSAGES.expenseVat,
    paidFrom: EXPENSE_MESSAGES.paidFrom,
  },
};

const KINDS = { clients: clientKind, items: itemKind, expenses: expenseKind } as const;

/** Where the form's message names an API field or value, the file's words instead. */
const FILE_MESSAGES: Record<string, string> = { isBusiness: IMPORT_MESSAGES.isBusiness, cisRate: IMPORT_MESSAGES.cisRate };

/**
 * The file's text: UTF-16 with its BOM, UTF-8 (with or without a BOM), else Windows-1252, as
 * older spreadsheets save "CSV" (curly quotes and dashes are bytes 0x80–0x9F there, which
 * Latin-1 would turn into control characters).
 */
export function decodeCsv(bytes: Uint8Array): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b[0] === 0xff && b[1] === 0xfe) return iconv.decode(b.subarray(2), 'utf-16le');
  if (b[0] === 0xfe && b[1] === 0xff) return iconv.decode(b.subarray(2), 'utf-16be');
  if (isUtf8(b)) return b.toString('utf8').replace(/^\uFEFF/, '');
  return iconv.decode(b, 'windows-1252');
}

/** A cell our own export guarded against spreadsheet formulas ("'+44 …", "'=SUM…"), as the user typed it. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The line of the quote a file leaves open (csv-parse only notices at the end of the file). */
function openQuoteLine(text: string): number | null {
  let line = 1;
  let opened: number | null = null;
  for (const ch of text) {
    if (ch === '\n') line += 1;
    else if (ch === '"') opened = opened === null ? line : null;
  }
  return opened;
}

export function planImport(task: ImportTask): ImportPlan {
  const kind = KINDS[task.kind] as unknown as Kind<Source, unknown>;
  let records: string[][];
  const text = decodeCsv(task.bytes);
  try {
    records = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: false }) as string[][];
  } catch (err) {
    // csv-parse says where it stopped: the line is named so the file can be fixed (nothing is written).
    const { code, lines } = err as { code?: string; lines?: unknown };
    const line = code === 'CSV_QUOTE_NOT_CLOSED' ? openQuoteLine(text) : lines;
    return { refused: { status: 400, message: typeof line === 'number' ? IMPORT_MESSAGES.notCsvAt(line) : IMPORT_MESSAGES.notCsv } };
  }
  const [head, ...data] = records;
  if (!head || data.length === 0) return { refused: { status: 400, message: IMPORT_MESSAGES.empty } };
  const original = new Map<string, string>();
  head.forEach((h, i) => {
    if (!original.has(squash(h))) original.set(squash(h), h.trim() || `Column ${i + 1}`);
  });
  const present = new Set(original.keys());
  for (const r of kind.required) {
    if (!hasAny(present, r.headers)) return { refused: { status: 400, message: IMPORT_MESSAGES.missingColumn(r.label, r.headers.slice(0, 4).join(', ')) } };
  }
  const nameColumn = original.get(kind.required[0]!.headers.find((h) => present.has(h)) ?? '') ?? 'Name';

  const existing = new Set(task.existing);
  const seen = new Set<string>();
  const errors: TImportIssue[] = [];
  const duplicates: TImportIssue[] = [];
  let errorCount = 0;
  let skipped = 0;
  const invalid: { index: number; problems: TImportIssue[] }[] = [];
  const preview: TImportResult['preview'] = [];
  const toWrite: unknown[] = [];
  const room = task.room ?? Infinity;
  const fail = (index: number, problems: TImportIssue[]) => {
    errorCount += problems.length;
    for (const p of problems) if (errors.length < IMPORT_ISSUES_SHOWN) errors.push(p);
    invalid.push({ index, problems: task.rejected ? problems : [] });
  };

  data.forEach((raw, index) => {
    const row = index + 2; // as a spreadsheet numbers it: the header is row 1
    const cells = raw.map(unguard);
    const values = new Map<string, string>();
    head.forEach((h, i) => {
      const k = squash(h);
      if (!values.has(k) && cells[i] !== undefined) values.set(k, cells[i]!);
    });
    const source = kind.read(values, original);
    const bad = Object.values(source).find((p) => p.value !== null && FORBIDDEN_TEXT.test(p.value));
    if (bad) return fail(index, [{ row, column: bad.header ?? '', message: BAD_TEXT }]);
    const parsed = kind.schema.safeParse(kind.input(source));
    if (!parsed.success) {
      const reported = new Set<string>();
      const problems: TImportIssue[] = [];
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (reported.has(field)) continue;
        reported.add(field);
        problems.push({ row, column: source[field]?.header ?? field, message: kind.messages?.[field] ?? FILE_MESSAGES[field] ?? issue.message });
      }
      return fail(index, problems);
    }
    const { key, label, column } = kind.key(parsed.data as never);
    const keyColumn = source[column]?.header ?? column;
    if (existing.has(key) || seen.has(key)) {
      skipped += 1;
      if (duplicates.length < IMPORT_ISSUES_SHOWN)
        duplicates.push({
          row,
          column: keyColumn,
          message: existing.has(key) ? IMPORT_MESSAGES.duplicateExisting(label) : IMPORT_MESSAGES.duplicateInFile(label),
        });
      return;
    }
    if (toWrite.length >= room) return fail(index, [{ row, column: nameColumn, message: planLimitMessage('clients') }]);
    seen.add(key);
    if (preview.length < IMPORT_PREVIEW_ROWS) preview.push({ row, values: kind.preview(parsed.data as never) });
    toWrite.push({ id: randomUUID(), ...(kind.fields(parsed.data as never) as object) });
  });

  const batches: string[] = [];
  for (let i = 0; i < toWrite.length; i += IMPORT_WRITE_BATCH) batches.push(JSON.stringify(toWrite.slice(i, i + IMPORT_WRITE_BATCH)));
  const result = { rows: data.length, skipped, duplicates, errors, errorCount, invalidRows: invalid.length, preview };
  if (!task.rejected) return { result, batches };
  const rejected = invalid.map(({ index, problems }) =>
    [...head.map((_, i) => data[index]![i] ?? ''), problems.map((p) => `${p.column}: ${p.message}`).join('; ')].map((c) => neutralise(unguard(c))),
  );
  const rejectedCsv = stringify([[...head, 'Problem'], ...rejected], { bom: true, record_delimiter: 'windows' });
  return { result, batches, rejectedCsv };
}
