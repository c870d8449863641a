import { randomUUID } from 'node:crypto';
import { computeTotals } from '@docket/schemas/totals';
import type { TQuoteStatus, TStoredInvoiceStatus } from '@docket/schemas/lifecycle';
import type { Database } from '../apps/api/src/db/client.ts';
import { calendarEvents, clients, documentCounters, invoiceLines, invoices, payments, quoteLines, quotes } from '../apps/api/src/db/schema.ts';

export interface SeedSizes {
  invoices: number;
  quotes: number;
  clients: number;
  events: number;
  /** how many days back the account's history goes (default two years) */
  days?: number;
}

export const FULL_SIZES: SeedSizes = { invoices: 10_000, quotes: 2_000, clients: 500, events: 300 };
export const SMOKE_SIZES: SeedSizes = { invoices: 50, quotes: 20, clients: 10, events: 5 };

export interface SeedResult {
  sizes: SeedSizes;
  invoiceLines: number;
  quoteLines: number;
  clientIds: string[];
  invoiceIds: string[];
  ms: number;
}

/** Deterministic so every run measures the same data (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** one key of a {key: weight} table */
    weighted: <K extends string>(table: Record<K, number>): K => {
      const entries = Object.entries(table) as [K, number][];
      let r = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [key, w] of entries) if ((r -= w) < 0) return key;
      return entries[entries.length - 1]![0];
    },
  };
}

const WORK = [
  'Labour: first fix electrics',
  'Labour: second fix electrics',
  'Consumer unit replacement (18th edition)',
  'Emergency call-out',
  'Copper pipe 15mm (per metre)',
  'Radiator supply and fit',
  'Boiler service',
  'Gas safety certificate',
  'Plastering: skim coat (per m²)',
  'Skip hire (8 yard)',
  'Materials: sundries',
  'Kitchen fitting (per day)',
  'Tiling (per m²)',
  'Travel',
];
const TRADES = ['Plumbing', 'Electrical', 'Joinery', 'Roofing', 'Building', 'Decorating', 'Heating', 'Landscaping'];
const TOWNS = ['London', 'Manchester', 'Leeds', 'Bristol', 'Glasgow', 'Cardiff', 'Norwich', 'York'];
const EVENT_COLOURS = { APPOINTMENT: '#22c55e', QUOTE_FOLLOW_UP: '#facc15', INVOICE_FOLLOW_UP: '#ef4444', MEETING: '#3b82f6' };
const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Multi-row INSERTs, chunked to stay far below PostgreSQL's 65,535 bind parameters. */
async function insertChunked<T extends Record<string, unknown>>(insert: (rows: T[]) => Promise<unknown>, rows: T[], columns: number) {
  const size = Math.max(1, Math.floor(20_000 / columns));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

type Line = { description: string; quantityMilli: number; unitPricePence: number };

function makeLines(rand: ReturnType<typeof prng>): Line[] {
  return Array.from({ length: rand.int(1, 5) }, () => ({
    description: rand.pick(WORK),
    // mostly whole units, some halves and quarter hours
    quantityMilli: rand.pick([1000, 1000, 1000, 2000, 3000, 1500, 2500, 250, 7500]),
    unitPricePence: rand.int(5, 900) * 50,
  }));
}

/**
 * Bulk-insert a realistic account for userId straight through Drizzle (the HTTP API would
 * take minutes for 10,000 invoices). Numbers follow the app's format and the counters move
 * past them so POST /api/invoices keeps numbering unique.
 */
export async function seedAccount(db: Database, userId: string, sizes: SeedSizes, now = new Date()): Promise<SeedResult> {
  const started = performance.now();
  const rand = prng(20_261_122);
  const span = (sizes.days ?? 730) * DAY;
  const since = now.getTime() - span;

  const clientRows = Array.from({ length: sizes.clients }, (_, i) => {
    const town = rand.pick(TOWNS);
    const createdAt = new Date(since + Math.floor((i / sizes.clients) * span * 0.5));
    return {
      id: randomUUID(),
      userId,
      name: `${town} ${rand.pick(TRADES)} ${String(i + 1).padStart(3, '0')} Ltd`,
      email: `accounts${i + 1}@client.example`,
      phone: `0${rand.int(1000, 9999)} ${rand.int(100000, 999999)}`,
      address: `${rand.int(1, 200)} High Street\n${town}`,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertChunked((rows) => db.insert(clients).values(rows), clientRows, 8);
  const clientIds = clientRows.map((c) => c.id);

  const quoteRows: (typeof quotes.$inferInsert)[] = [];
  const quoteLineRows: (typeof quoteLines.$inferInsert)[] = [];
  for (let i = 0; i < sizes.quotes; i++) {
    const id = randomUUID();
    const createdAt = new Date(since + Math.floor(((i + 0.5) / sizes.quotes) * span));
    const status = rand.weighted<TQuoteStatus>({ DRAFT: 25, SENT: 30, APPROVED: 30, DECLINED: 15 });
    const taxRateBp = rand.next() < 0.85 ? 2000 : 0;
    const lines = makeLines(rand);
    const totals = computeTotals(lines, taxRateBp);
    quoteRows.push({
      id,
      userId,
      clientId: rand.pick(clientIds),
      quoteNumber: `Q${String(i + 1).padStart(4, '0')}`,
      status,
      taxRateBp,
      subtotalPence: totals.subtotal,
      taxPence: totals.taxAmount,
      totalPence: totals.total,
      sentAt: status === 'DRAFT' ? null : new Date(createdAt.getTime() + DAY),
      createdAt,
      updatedAt: createdAt,
    });
    lines.forEach((l, position) => quoteLineRows.push({ userId, quoteId: id, position, ...l, amountPence: totals.lineAmounts[position]! }));
  }
  await insertChunked((rows) => db.insert(quotes).values(rows), quoteRows, 12);
  await insertChunked((rows) => db.insert(quoteLines).values(rows), quoteLineRows, 8);

  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const invoiceLineRows: (typeof invoiceLines.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  for (let i = 0; i < sizes.invoices; i++) {
    const id = randomUUID();
    const createdAt = new Date(since + Math.floor(((i + 0.5) / sizes.invoices) * span));
    const due = new Date(createdAt.getTime() + 30 * DAY);
    const age = now.getTime() - createdAt.getTime();
    // recent invoices are drafts or sent (SENT past due reads as OVERDUE); older ones mostly paid,
    // and after a year all but the odd bad debt
    const status =
      age < 90 * DAY
        ? rand.weighted<TStoredInvoiceStatus>({ DRAFT: 25, SENT: 50, PAID: 25, VOID: 0, CREDITED: 0 })
        : age < 365 * DAY
          ? rand.weighted<TStoredInvoiceStatus>({ DRAFT: 3, SENT: 12, PAID: 85, VOID: 0, CREDITED: 0 })
          : rand.weighted<TStoredInvoiceStatus>({ DRAFT: 1, SENT: 1, PAID: 98, VOID: 0, CREDITED: 0 });
    const taxRateBp = rand.next() < 0.85 ? 2000 : 0;
    const lines = makeLines(rand);
    const totals = computeTotals(lines, taxRateBp);
    const sentAt = status === 'DRAFT' ? null : new Date(createdAt.getTime() + DAY);
    invoiceRows.push({
      id,
      userId,
      clientId: rand.pick(clientIds),
      invoiceNumber: `INV${String(i + 1).padStart(4, '0')}`,
      status,
      taxRateBp,
      subtotalPence: totals.subtotal,
      taxPence: totals.taxAmount,
      totalPence: totals.total,
      dueDate: isoDay(due),
      sentAt,
      paidAt: status === 'PAID' ? new Date(createdAt.getTime() + rand.int(2, 45) * DAY) : null,
      createdAt,
      updatedAt: createdAt,
    });
    lines.forEach((l, position) => invoiceLineRows.push({ userId, invoiceId: id, position, ...l, amountPence: totals.lineAmounts[position]! }));
    // a paid invoice was paid by a payment, as in the app; one sent invoice in five is part paid
    const row = invoiceRows[invoiceRows.length - 1]!;
    const paid = status === 'PAID' ? totals.total : status === 'SENT' && rand.next() < 0.2 ? Math.floor(totals.total / 2) : 0;
    if (paid > 0) {
      const on = status === 'PAID' ? row.paidAt! : new Date(Math.min(now.getTime(), createdAt.getTime() + rand.int(2, 30) * DAY));
      paymentRows.push({ userId, invoiceId: id, clientId: row.clientId, amountPence: paid, paidOn: isoDay(on), method: 'BANK_TRANSFER', createdAt: on });
    }
  }
  await insertChunked((rows) => db.insert(invoices).values(rows), invoiceRows, 14);
  await insertChunked((rows) => db.insert(invoiceLines).values(rows), invoiceLineRows, 8);
  await insertChunked((rows) => db.insert(payments).values(rows), paymentRows, 8);

  const types = Object.keys(EVENT_COLOURS) as (keyof typeof EVENT_COLOURS)[];
  const eventRows = Array.from({ length: sizes.events }, (_, i) => {
    const type = rand.pick(types);
    const start = new Date(now.getTime() + rand.int(-90, 90) * DAY + rand.int(8, 17) * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const quote = type === 'QUOTE_FOLLOW_UP' && quoteRows.length ? rand.pick(quoteRows) : undefined;
    return {
      userId,
      title: quote ? `Follow-up: ${quote.quoteNumber}` : `${type === 'MEETING' ? 'Meeting' : 'Site visit'} ${i + 1}`,
      description: rand.next() < 0.5 ? 'Bring tile samples and the moisture meter.' : null,
      startDate: start,
      endDate: new Date(start.getTime() + rand.int(1, 4) * 1_800_000),
      color: EVENT_COLOURS[type],
      type,
      clientId: quote?.clientId ?? (rand.next() < 0.7 ? rand.pick(clientIds) : null),
      quoteId: quote?.id ?? null,
      location: rand.next() < 0.4 ? rand.pick(TOWNS) : null,
    };
  });
  await insertChunked((rows) => db.insert(calendarEvents).values(rows), eventRows, 11);

  for (const [kind, next] of [
    ['quote', sizes.quotes + 1],
    ['invoice', sizes.invoices + 1],
  ] as const) {
    await db
      .insert(documentCounters)
      .values({ userId, kind, nextValue: next })
      .onConflictDoUpdate({ target: [documentCounters.userId, documentCounters.kind], set: { nextValue: next } });
  }

  return {
    sizes,
    invoiceLines: invoiceLineRows.length,
    quoteLines: quoteLineRows.length,
    clientIds,
    invoiceIds: invoiceRows.map((r) => r.id!),
    ms: performance.now() - started,
  };
}
