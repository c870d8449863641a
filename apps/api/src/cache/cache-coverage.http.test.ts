import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../test/document-fixtures.ts';
import { ANSWER_TABLES, INVOICE_ANSWER_TABLES, NEW_ROWS_UNSEEN, PDF_TABLES, READ_FROM_QUOTES, VERSION_TABLE_COUNTERS } from './cached-reads.ts';
import { KEPT_ANSWER_TOPICS } from './kept-answer-topics.ts';
import { keptAnswers } from '../db/schema.ts';
import { createApp } from '../app.ts';

/**
 * Every table a kept answer or a kept PDF reads has what keeps it fresh (cached-reads.ts): the
 * statements of working out each kept answer and of serving each kept PDF are captured, and
 * their tables checked against the list, and the list against the triggers in the database.
 * Run on both databases: each sends its statements its own way (PGlite's thread keeps them by
 * text, the pg pool names them), and the log must see every table either way.
 */
let t: TestApp;
let user: TestUser;
let invoiceId: string;
let creditNoteId: string;

type Sender = Record<'query' | 'exec', ((...args: unknown[]) => unknown) | undefined>;
/** The tables named after FROM or JOIN in every statement sent while `run` runs. */
async function tablesRead(run: () => Promise<unknown>): Promise<string[]> {
  const client = (t.ctx.db as unknown as { $client: Sender }).$client;
  const texts: string[] = [];
  const originals = { query: client.query, exec: client.exec };
  for (const name of ['query', 'exec'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      const first = args[0];
      texts.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
      return original.apply(client, args);
    };
  }
  try {
    await run();
  } finally {
    client.query = originals.query;
    client.exec = originals.exec;
  }
  // prepared statements are sent once as PREPARE and then as EXECUTE: keep every text seen
  const tables = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/\b(?:from|join)\s+"([a-z_]+)"/gi)) tables.add(m[1]!);
  return [...tables].sort();
}

beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  expect((await request(t.app).post('/api/company').set(user.auth).send(sampleCompany())).status).toBeLessThan(300);
  const client = await createClient(t.app, user, { isBusiness: true });
  await createQuote(t.app, user, client.id);
  const invoice = await createInvoice(t.app, user, client.id);
  invoiceId = invoice.id;
  await act(t.app, user, 'invoices', invoiceId, 'send');
  await request(t.app).post(`/api/invoices/${invoiceId}/payments`).set(user.auth).send({ amount: 10, date: '2030-01-02' });
  const credit = await request(t.app)
    .post(`/api/invoices/${invoiceId}/credit-notes`)
    .set(user.auth)
    .send({ reason: 'One returned', lineItems: [{ description: 'Socket', quantity: 1, unitPrice: 1 }] });
  creditNoteId = credit.body.data.id;
});
afterAll(() => t.close());

describe('what keeps each cache fresh', () => {
  it('when each kept answer is worked out, then every table it reads moves a counter the answer watches, or is the session check or the cache', async () => {
    const paths: Record<string, string> = { quotes: '/api/quotes?limit=50', clients: '/api/clients?limit=50', dashboard: '/api/dashboard' };
    expect(Object.keys(paths).sort()).toEqual(Object.keys(KEPT_ANSWER_TOPICS).sort());
    for (const [kind, path] of Object.entries(paths)) {
      // a new app: a prepared statement's text is sent once per connection (PGlite: once per
      // process), and nothing is kept for it yet, so the answer is worked out
      await t.ctx.db.delete(keptAnswers);
      const fresh = createApp(t.ctx);
      const tables = await tablesRead(async () => expect((await request(fresh).get(path).set(user.auth)).status, path).toBe(200));
      expect(tables, kind).toContain(kind === 'dashboard' ? 'invoice_figures' : kind);
      expect(
        tables.filter((table) => !(table in ANSWER_TABLES)),
        kind,
      ).toEqual([]);
      const watches = KEPT_ANSWER_TOPICS[kind]!;
      const unwatched = tables.flatMap((table) => {
        if (ANSWER_TABLES[table] === 'figures') return watches.includes('invoices') ? [] : [`${table} (figures)`];
        if (ANSWER_TABLES[table] !== 'version') return [];
        const moves = VERSION_TABLE_COUNTERS[table]!;
        const throughQuotes = READ_FROM_QUOTES[kind]?.includes(table) ? (moves.fromQuote ?? []) : [];
        const seen = (counters: readonly string[]) => [...counters, ...throughQuotes].some((c) => watches.includes(c as never));
        return [...(seen(moves.change) ? [] : [`${table} changed`]), ...(seen(moves.insert) || NEW_ROWS_UNSEEN[kind]?.[table] ? [] : [`${table} inserted`])];
      });
      expect(unwatched, kind).toEqual([]);
    }
    // the table of counters is the triggers' own declaration
    const triggers = await queryRows<{ table: string; args: string }>(
      t.ctx.db,
      sql`select c.relname as table, encode(g.tgargs, 'escape') as args from pg_trigger g join pg_class c on c.oid = g.tgrelid
        join pg_proc p on p.oid = g.tgfoid where p.proname = 'bump_account_version'`,
    );
    const declared = Object.fromEntries(
      triggers.map(({ table, args }) => {
        const [insert = '', change = insert] = args.split('\\000').filter(Boolean);
        return [table, { insert: insert.split(','), change: change.split(',') }];
      }),
    );
    const listed = Object.fromEntries(Object.entries(VERSION_TABLE_COUNTERS).map(([table, m]) => [table, { insert: [...m.insert], change: [...m.change] }]));
    expect(declared).toEqual(listed);
    expect(Object.keys(listed).sort()).toEqual(
      Object.entries(ANSWER_TABLES)
        .filter(([, how]) => how === 'version')
        .map(([table]) => table)
        .sort(),
    );
    // the running figures are written by the triggers of tables that move `invoices` only
    const figuresWriters = await queryRows<{ table: string }>(
      t.ctx.db,
      sql`select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
        where p.proname in ('refresh_invoice_figures', 'move_account_figures')`,
    );
    expect(figuresWriters.map((w) => w.table).sort()).toEqual(['credit_notes', 'invoice_figures', 'invoices', 'payments']);
    expect(figuresWriters.filter((w) => ANSWER_TABLES[w.table] === 'version' && !VERSION_TABLE_COUNTERS[w.table]!.change.includes('invoices'))).toEqual([]);
  });

  it('when invoice answers are built and kept one by one, then every table they read has a part in the key, and the tables the key version watches have its triggers', async () => {
    // a new app keeps no invoice answer yet: the first reads build every one
    const fresh = createApp(t.ctx);
    const tables = await tablesRead(async () => {
      for (const path of ['/api/invoices?limit=50', '/api/invoices?limit=50&status=PAID', `/api/invoices/${invoiceId}`]) {
        expect((await request(fresh).get(path).set(user.auth)).status, path).toBe(200);
      }
    });
    expect(tables).toEqual(expect.arrayContaining(['invoice_lines', 'payments', 'credit_notes', 'invoice_answer_versions']));
    expect(tables.filter((table) => !INVOICE_ANSWER_TABLES[table])).toEqual([]);
    const watched = await queryRows<{ table: string }>(
      t.ctx.db,
      sql`select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
        where p.proname like 'move_invoice_answers%'`,
    );
    const moved = Object.entries(INVOICE_ANSWER_TABLES)
      .filter(([table, how]) => how.includes('invoice_answer_versions') && table !== 'invoice_answer_versions')
      .map(([table]) => table);
    expect(moved.filter((table) => !watched.some((w) => w.table === table))).toEqual([]);
  });

  it('when issued PDFs are rendered, kept and served as kept, then every table read has a part in the kept key or a reason', async () => {
    // the first preview of each renders and keeps the bytes, the second is served as kept
    const tables = await tablesRead(async () => {
      for (let i = 0; i < 2; i++) {
        expect((await request(t.app).get(`/api/invoices/${invoiceId}/preview`).set(user.auth)).status).toBe(200);
        expect((await request(t.app).get(`/api/credit-notes/${creditNoteId}/preview`).set(user.auth)).status).toBe(200);
      }
    });
    expect(tables).toContain('issued_pdfs');
    expect(tables.filter((table) => !PDF_TABLES[table])).toEqual([]);
  });
});
