import { isUtf8 } from 'node:buffer';
import { parse as parseCsv } from 'csv-parse/sync';
import type { z } from 'zod';
import { ZClientRequest } from '@docket/schemas/client';
import { ZItemRequest } from '@docket/schemas/item';
import { poundsToPence } from '@docket/schemas/money';
import { planLimitMessage } from '@docket/schemas/plans';
import { IMPORT_MESSAGES, IMPORT_PREVIEW_ROWS, type TImportIssue, type TImportKind, type TImportResult } from '@docket/schemas/data-transfer';
import { AppError } from '../../lib/app-error.ts';
import { BAD_TEXT, FORBIDDEN_TEXT } from '../../middleware/validate.ts';
import type { ClientFields } from '../clients/clients.repository.ts';
import type { ItemFields } from '../items/items.repository.ts';
import { CLIENT_HEADERS, ITEM_HEADERS, hasAny, readClient, readItem, squash, type Picked } from './dialects.ts';
import type { ImportsRepository } from './imports.repository.ts';

type Value = string | number | boolean | null;

/** What one kind of import needs: how a row reads, validates, is keyed for duplicates and is stored. */
interface Kind<Source extends Record<string, Picked>, Fields> {
  required: { label: string; headers: readonly string[] }[];
  read: (row: Map<string, string>, original: Map<string, string>) => Source;
  schema: z.ZodType;
  input: (s: Source) => Record<string, unknown>;
  fields: (parsed: never) => Fields;
  key: keyof Source & string;
  keyLabel: string;
  preview: (parsed: never) => Record<string, Value>;
}

const BOOLEAN_WORDS: Record<string, boolean> = { yes: true, y: true, true: true, '1': true, no: false, n: false, false: false, '0': false };

/** "£1,234.50" -> 1234.5; anything else stays as written so the form's message reports it. */
function priceOf(text: string | null): unknown {
  if (text === null) return undefined;
  const cleaned = text.replace(/[£,\s]/g, '');
  const n = Number(cleaned);
  return cleaned !== '' && Number.isFinite(n) ? n : text;
}

/** " standard " -> "STANDARD"; empty -> absent. */
const codeOf = (text: string | null) => (text === null || text.trim() === '' ? undefined : text.trim().toUpperCase());

const clientKind: Kind<ReturnType<typeof readClient>, ClientFields> = {
  required: [
    { label: 'Name', headers: [...CLIENT_HEADERS.name, ...CLIENT_HEADERS.firstName, ...CLIENT_HEADERS.lastName] },
    { label: 'Email', headers: CLIENT_HEADERS.email },
  ],
  read: readClient,
  schema: ZClientRequest,
  input: (s) => ({
    name: s.name.value ?? '',
    email: s.email.value ?? '',
    phone: s.phone.value,
    address: s.address.value,
    vatNumber: s.vatNumber.value,
    ...(s.isBusiness.value === null ? {} : { isBusiness: BOOLEAN_WORDS[s.isBusiness.value.toLowerCase()] ?? s.isBusiness.value }),
  }),
  fields: (c: z.output<typeof ZClientRequest>) => ({ ...c, isBusiness: c.isBusiness ?? false, vatNumber: c.vatNumber ?? null }),
  key: 'email',
  keyLabel: 'email',
  preview: (c: z.output<typeof ZClientRequest>) => ({
    name: c.name,
    email: c.email,
    phone: c.phone,
    address: c.address,
    isBusiness: c.isBusiness ?? false,
    vatNumber: c.vatNumber ?? null,
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
  fields: (i: z.output<typeof ZItemRequest>) => ({ name: i.name, description: i.description, pricePence: poundsToPence(i.price), vat: i.vat ?? null, kind: i.kind ?? null, unit: i.unit ?? null }),
  key: 'name',
  keyLabel: 'name',
  preview: (i: z.output<typeof ZItemRequest>) => ({
    name: i.name,
    description: i.description,
    price: i.price,
    ...(i.vat ? { vat: i.vat } : {}),
    ...(i.kind ? { kind: i.kind } : {}),
    ...(i.unit ? { unit: i.unit } : {}),
  }),
};

/** The file's text: UTF-8 (a BOM is dropped), or Windows-1252 as older spreadsheet exports write it. */
function decode(body: Buffer): string {
  return isUtf8(body) ? body.toString('utf8') : new TextDecoder('windows-1252').decode(body);
}

function records(body: Buffer): string[][] {
  try {
    return parseCsv(decode(body), { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: false }) as string[][];
  } catch {
    throw AppError.badRequest(IMPORT_MESSAGES.notCsv, { file: IMPORT_MESSAGES.notCsv });
  }
}

export interface ImportLimits {
  /** most clients the account may hold; -1 for no limit */
  maxClients: (userId: string) => number;
}

export function createImportsService(repo: ImportsRepository, limits: ImportLimits) {
  async function run<S extends Record<string, Picked>, F>(userId: string, kind: Kind<S, F>, body: Buffer, dryRun: boolean, what: TImportKind): Promise<TImportResult> {
    const [head, ...data] = records(body);
    if (!head || data.length === 0) throw AppError.badRequest(IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });
    const original = new Map<string, string>();
    head.forEach((h, i) => {
      if (!original.has(squash(h))) original.set(squash(h), h.trim() || `Column ${i + 1}`);
    });
    const present = new Set(original.keys());
    for (const r of kind.required) {
      if (!hasAny(present, r.headers)) {
        const message = IMPORT_MESSAGES.missingColumn(r.label, r.headers.slice(0, 4).join(', '));
        throw AppError.badRequest(message, { file: message });
      }
    }
    const existing = what === 'clients' ? await repo.clientEmails(userId) : await repo.itemNames(userId);
    const seen = new Set<string>();
    const errors: TImportIssue[] = [];
    const duplicates: TImportIssue[] = [];
    const preview: TImportResult['preview'] = [];
    const toCreate: { row: number; fields: F }[] = [];

    data.forEach((cells, index) => {
      const row = index + 2; // as a spreadsheet numbers it: the header is row 1
      const values = new Map<string, string>();
      head.forEach((h, i) => {
        const k = squash(h);
        if (!values.has(k) && cells[i] !== undefined) values.set(k, cells[i]!);
      });
      const source = kind.read(values, original);
      const bad = Object.values(source).find((p) => p.value !== null && FORBIDDEN_TEXT.test(p.value));
      if (bad) {
        errors.push({ row, column: bad.header ?? '', message: BAD_TEXT });
        return;
      }
      const parsed = kind.schema.safeParse(kind.input(source));
      if (!parsed.success) {
        const reported = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          if (reported.has(field)) continue;
          reported.add(field);
          errors.push({ row, column: (source as Record<string, Picked>)[field]?.header ?? field, message: issue.message });
        }
        return;
      }
      if (preview.length < IMPORT_PREVIEW_ROWS) preview.push({ row, values: kind.preview(parsed.data as never) });
      const keyText = String((parsed.data as Record<string, unknown>)[kind.key]).toLowerCase();
      const column = source[kind.key]?.header ?? kind.key;
      if (existing.has(keyText)) duplicates.push({ row, column, message: IMPORT_MESSAGES.duplicateExisting(kind.keyLabel) });
      else if (seen.has(keyText)) duplicates.push({ row, column, message: IMPORT_MESSAGES.duplicateInFile(kind.keyLabel) });
      else {
        seen.add(keyText);
        toCreate.push({ row, fields: kind.fields(parsed.data as never) });
      }
    });

    if (what === 'clients') {
      const max = limits.maxClients(userId);
      const room = max === -1 ? Infinity : Math.max(0, max - (await repo.clientCount(userId)));
      const over = toCreate[room];
      if (over) errors.push({ row: over.row, column: original.get(CLIENT_HEADERS.name.find((h) => present.has(h)) ?? '') ?? 'Name', message: planLimitMessage('clients') });
    }
    errors.sort((a, b) => a.row - b.row);

    let created = 0;
    if (!dryRun && errors.length === 0 && toCreate.length) {
      const rows = toCreate.map((c) => c.fields);
      if (what === 'clients') await repo.insertClients(userId, rows as ClientFields[]);
      else await repo.insertItems(userId, rows as ItemFields[]);
      created = rows.length;
    }
    return { dryRun, rows: data.length, created, skipped: duplicates.length, duplicates, errors, preview };
  }

  return {
    clients: (userId: string, body: Buffer, dryRun: boolean) => run(userId, clientKind, body, dryRun, 'clients'),
    items: (userId: string, body: Buffer, dryRun: boolean) => run(userId, itemKind, body, dryRun, 'items'),
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
