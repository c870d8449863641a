/**
 * EXPLAIN ANALYZE of every list search (`q`) against a seeded PostgreSQL database, using the
 * repositories' own SQL (captured through drizzle's logger), so docs/search-indexes.md shows
 * what the planner really does. Needs a superuser URL; creates and drops its own database.
 *   npx tsx scripts/explain-search.ts postgres://postgres@127.0.0.1:5432/test
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { createInvoicesRepository } from '../src/modules/invoices/invoices.repository.ts';
import { createQuotesRepository } from '../src/modules/quotes/quotes.repository.ts';
import { createClientsRepository } from '../src/modules/clients/clients.repository.ts';
import { createItemsRepository } from '../src/modules/items/items.repository.ts';
import { createCalendarRepository } from '../src/modules/calendar/calendar.repository.ts';
import type { CountersRepository } from '../src/modules/numbering/counters.repository.ts';

const baseUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('usage: explain-search.ts <postgres url>');
const PER_USER = Number(process.env.ROWS ?? 10_000);
const OTHER_USERS = 3;

const { default: pg } = await import('pg');
const { drizzle } = await import('drizzle-orm/node-postgres');
const name = `docket_explain_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;

// Migrate through the app's own path, then query through a logging drizzle on a second pool.
const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
pool.on('error', () => undefined); // the final forced drop ends idle clients
let captured: { sql: string; params: unknown[] } | null = null;
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (q: string, params: unknown[]) => (captured ??= { sql: q, params }) },
}) as unknown as Database;

try {
  await seed(handle.db);
  const [user] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'target@example.com'`);
  const u = user!.id;
  const today = '2026-11-22';
  const invoicesRepo = createInvoicesRepository(db, {} as CountersRepository);
  const quotesRepo = createQuotesRepository(db, {} as CountersRepository);
  const clientsRepo = createClientsRepository(db);
  const itemsRepo = createItemsRepository(db);
  const calendarRepo = createCalendarRepository(db);
  // A term found in a handful of rows (one md5 fragment) and one found in nearly every row.
  const rare = (await queryRows<{ q: string }>(db, sql`select substr(md5('client-7'), 3, 6) as q`))[0]!.q;
  const cases: [string, (q: string) => Promise<unknown>][] = [
    ['invoices', (q) => invoicesRepo.list(u, today, { q, limit: 50 })],
    ['quotes', (q) => quotesRepo.list(u, { q, limit: 50 })],
    ['calendar', (q) => calendarRepo.list(u, today, { q, limit: 50 })],
    ['clients', (q) => clientsRepo.list(u, { q, limit: 50 })],
    ['items', (q) => itemsRepo.list(u, { q, limit: 50 })],
  ];
  for (const [label, run] of cases) {
    for (const q of [rare, 'work']) {
      captured = null;
      await run(q);
      const c = captured as { sql: string; params: unknown[] } | null;
      if (!c) throw new Error(`no query captured for ${label}`);
      const plan = await pool.query(`explain (analyze, buffers, costs off, summary on) ${c.sql}`, c.params);
      console.log(`\n=== ${label} q=${JSON.stringify(q)} ===`);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
    }
  }
} finally {
  await pool.end();
  await handle.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** One target user with PER_USER documents of each kind, and OTHER_USERS users with as many. */
async function seed(x: Database) {
  const users = OTHER_USERS + 1;
  const n = PER_USER;
  await x.execute(
    sql.raw(`
    insert into users (email, password_hash)
      select case when u = 1 then 'target@example.com' else 'other' || u || '@example.com' end, 'x'
      from generate_series(1, ${users}) u;
    create temp table uidx as select id from users;
    insert into clients (user_id, name, email, created_at)
      select uidx.id, 'Client ' || md5('client-' || g), 'c' || g || '@example.com', now() - (g || ' minutes')::interval
      from uidx, generate_series(1, ${n / 20}) g;
    insert into items (user_id, name, description, price_pence, created_at)
      select uidx.id, 'Item ' || md5('item-' || g), 'Work item ' || md5('item-d-' || g), 1000, now() - (g || ' minutes')::interval
      from uidx, generate_series(1, ${n / 5}) g;
    create temp table client_pick as
      select user_id, id, row_number() over (partition by user_id order by name) as k from clients;
    insert into invoices (user_id, client_id, invoice_number, tax_rate_bp, subtotal_pence, tax_pence, total_pence, due_date, created_at)
      select uidx.id, cp.id, 'INV-' || lpad(g::text, 5, '0'), 2000, 1000, 200, 1200, date '2026-12-01', now() - (g || ' minutes')::interval
      from uidx, generate_series(1, ${n}) g
      join client_pick cp on cp.k = 1 + (g % ${n / 20})
      where cp.user_id = uidx.id;
    insert into invoice_lines (user_id, invoice_id, position, description, quantity_milli, unit_price_pence, amount_pence)
      select i.user_id, i.id, p, 'Work ' || md5(i.id::text || p), 1000, 500, 500
      from invoices i, generate_series(0, 1) p;
    insert into quotes (user_id, client_id, quote_number, tax_rate_bp, subtotal_pence, tax_pence, total_pence, created_at)
      select uidx.id, cp.id, 'Q-' || lpad(g::text, 5, '0'), 2000, 1000, 200, 1200, now() - (g || ' minutes')::interval
      from uidx, generate_series(1, ${n}) g
      join client_pick cp on cp.k = 1 + (g % ${n / 20})
      where cp.user_id = uidx.id;
    insert into quote_lines (user_id, quote_id, position, description, quantity_milli, unit_price_pence, amount_pence)
      select q.user_id, q.id, p, 'Work ' || md5(q.id::text || p), 1000, 500, 500
      from quotes q, generate_series(0, 1) p;
    insert into calendar_events (user_id, client_id, title, description, location, start_date, end_date, color, created_at)
      select uidx.id, cp.id, 'Visit ' || md5('event-' || g), 'Work on site', 'Site ' || g,
             now() + (g || ' hours')::interval, now() + (g || ' hours')::interval + interval '1 hour', '#3b82f6',
             now() - (g || ' minutes')::interval
      from uidx, generate_series(1, ${n}) g
      join client_pick cp on cp.k = 1 + (g % ${n / 20})
      where cp.user_id = uidx.id;
  `),
  );
  // Steady state: autovacuum would have merged the GIN pending lists and gathered statistics.
  await x.execute(sql`vacuum analyze`);
}
