import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import request from 'supertest';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { createApp } from '../app.ts';
import { TokenService } from '../lib/token-service.ts';
import { checkAnswers } from '../../test/answer-schemas.ts';
import { ROUTES } from '../../test/adversarial/routes.ts';
import { migrationsFolder, openPgliteAt, queryRows, type DatabaseHandle } from './client.ts';

/**
 * Migration 0021 (accounts) on a database made with the migrations before it: the user's rows keep
 * their values, the user owns an account of the same id, and the API answers their data as before:
 * every GET route answers exactly as on a database that was made with every migration and holds
 * the same business (written as a sign-up would write it).
 */
const USER = '7b0c7d1e-2f59-4a8e-9f43-1d2c3b4a5e6f';
const CLIENT = '1a0c7d1e-2f59-4a8e-9f43-1d2c3b4a5e6f';
const ITEM = '2a0c7d1e-2f59-4a8e-9f43-1d2c3b4a5e6f';
const INVOICE = '3a0c7d1e-2f59-4a8e-9f43-1d2c3b4a5e6f';
const EVENT = '4a0c7d1e-2f59-4a8e-9f43-1d2c3b4a5e6f';
const EMAIL = 'before-accounts@example.co.uk';

let dir: string;
let handle: DatabaseHandle;
/** The same business written straight into a database made with every migration (never upgraded). */
let fresh: DatabaseHandle;

/**
 * The fixture's rows, written with the tenant column of the schema at hand: `user_id` before
 * accounts, `account_id` after (when the account and its owner's membership are written too, as
 * a sign-up writes them).
 */
function fixtureSql(tenant: 'user_id' | 'account_id', hash: string): string {
  const account =
    tenant === 'account_id'
      ? `insert into accounts (id, name, created_at, updated_at) values ('${USER}', 'Old Firm Ltd', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    insert into memberships (account_id, user_id, role, created_at) values ('${USER}', '${USER}', 'OWNER', '2026-01-01T00:00:00Z');`
      : '';
  return `
    insert into users (id, email, password_hash, email_verified_at, created_at, updated_at) values ('${USER}', '${EMAIL}', '${hash}', '2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    ${account}
    insert into companies (${tenant}, name, email, created_at, updated_at) values ('${USER}', 'Old Firm Ltd', 'office@oldfirm.example', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    insert into clients (id, ${tenant}, name, email, created_at, updated_at) values ('${CLIENT}', '${USER}', 'Mrs Patel', 'patel@example.co.uk', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    insert into items (id, ${tenant}, name, description, price_pence, created_at, updated_at) values ('${ITEM}', '${USER}', 'Callout', 'First hour', 6500, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    insert into invoices (id, ${tenant}, client_id, invoice_number, status, tax_rate_bp, subtotal_pence, tax_pence, total_pence, due_date, created_at, updated_at)
      values ('${INVOICE}', '${USER}', '${CLIENT}', 'INV0001', 'DRAFT', 2000, 6500, 1300, 7800, '2030-01-31', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    insert into invoice_lines (${tenant}, invoice_id, position, description, quantity_milli, unit_price_pence, amount_pence)
      values ('${USER}', '${INVOICE}', 0, 'Callout', 1000, 6500, 6500);
    insert into calendar_events (id, ${tenant}, title, start_date, end_date, color, client_id, created_at, updated_at)
      values ('${EVENT}', '${USER}', 'Boiler', '2030-01-05T09:00:00Z', '2030-01-05T10:00:00Z', '#3b82f6', '${CLIENT}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    insert into document_counters (${tenant}, kind, next_value) values ('${USER}', 'invoice', 2);
  `;
}

/** The migrations folder as the previous release shipped it: 0000 to 0020. */
function previousMigrations(to: string) {
  cpSync(migrationsFolder(), to, { recursive: true });
  const journalFile = path.join(to, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  for (const e of journal.entries.filter((e) => e.idx >= 21)) rmSync(path.join(to, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 21);
  writeFileSync(journalFile, JSON.stringify(journal));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docket-accounts-migration-'));
  const old = path.join(dir, 'migrations');
  previousMigrations(old);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const data = path.join(dir, 'data');
  const client = await PGlite.create(data, { extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: old });
  const hash = await bcrypt.hash('correct-horse', 4);
  await client.exec(fixtureSql('user_id', hash));
  await client.close();
  handle = await openPgliteAt(data);
  fresh = await openPgliteAt(undefined);
  for (const statement of fixtureSql('account_id', hash)
    .split(/;\s*\n/)
    .filter((x) => x.trim()))
    await fresh.db.execute(sql.raw(statement));
});

afterAll(async () => {
  await handle?.close();
  await fresh?.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = new Date('2030-06-15T10:00:00Z');
const appOn = (h: DatabaseHandle) =>
  checkAnswers(
    createApp({
      db: h.db,
      dbKind: h.kind,
      tokens: new TokenService('migration-test-secret-that-is-long-enough-0123456789', '7d'),
      clock: () => NOW,
      logger: pino({ level: 'silent' }),
      config: {
        trustProxy: false,
        rateLimitWindowMs: 60_000,
        rateLimitPerMinute: 10_000,
        authRateLimitPerMinute: 10_000,
        rateLimitPrefix: 'migration',
        bcryptCost: 4,
      },
    }),
  );

/** Each :param of a route filled with the fixture's record of its area (a random id where it has none: a 404 both sides). */
const FIXTURE_IDS: Record<string, string> = { clients: CLIENT, items: ITEM, invoices: INVOICE, calendar: EVENT };
function fixturePath(path: string): string {
  const area = path.split('/')[1]!;
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'start') return '2029-01-01';
    if (name === 'end') return '2031-01-01';
    if (name === 'quoteId' || name === 'token' || name === 'provider') return '00000000-0000-4000-8000-000000000000';
    return FIXTURE_IDS[area] ?? '00000000-0000-4000-8000-000000000000';
  });
}

/**
 * Every answer of every GET route (the adversarial route list) for the fixture's data, as sent:
 * status, type and body. Timestamps the database wrote at run time (not the fixture's) and ids it
 * made up are renamed in order of appearance; PDFs and zips (which carry their creation time) are
 * compared by status and type.
 */
async function everyAnswer(h: DatabaseHandle): Promise<{ path: string; status: number; type: string; body: string }[]> {
  const app = appOn(h);
  const login = await request(app).post('/api/auth/login').send({ email: EMAIL, password: 'correct-horse' });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const auth = { Authorization: `Bearer ${login.body.data.token}` };
  const known = new Set([USER, CLIENT, ITEM, INVOICE, EVENT, '00000000-0000-4000-8000-000000000000']);
  const names = new Map<string, string>();
  const name = (kind: string, v: string) => {
    if (!names.has(v)) names.set(v, `<${kind}:${names.size}>`);
    return names.get(v)!;
  };
  const fixed = (text: string) =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => (known.has(id) ? id : name('id', id)))
      .replace(/20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)/g, (ts) =>
        ts.startsWith('2026-01-0') || ts.startsWith('2030-') ? ts : name('time', ts),
      );
  const out: { path: string; status: number; type: string; body: string }[] = [];
  for (const route of ROUTES.filter((r) => r.method === 'get' && !r.path.startsWith('/public/'))) {
    const p = fixturePath(route.path);
    const res = await request(app)
      .get(`/api${p}`)
      .set(auth)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const type = String(res.headers['content-type'] ?? '');
    const textual = /json|csv|text\/plain|calendar/.test(type);
    out.push({ path: p, status: res.status, type, body: textual ? fixed((res.body as Buffer).toString('utf8')) : '' });
  }
  return out;
}

describe('migration 0021: accounts', () => {
  it('when a database from before accounts is upgraded, then the user owns an account of their own id holding every row', async () => {
    expect(await queryRows(handle.db, sql`select id, name from accounts`)).toEqual([{ id: USER, name: 'Old Firm Ltd' }]);
    expect(await queryRows(handle.db, sql`select account_id, user_id, role from memberships`)).toEqual([{ account_id: USER, user_id: USER, role: 'OWNER' }]);
    const tenants = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    );
    // only the user's own tables keep a user_id
    expect(tenants.map((r) => r.table_name)).toEqual(['memberships', 'password_reset_tokens']);
    for (const table of ['clients', 'items', 'invoices', 'invoice_lines', 'calendar_events', 'companies', 'document_counters']) {
      expect(await queryRows(handle.db, sql.raw(`select distinct account_id from ${table}`))).toEqual([{ account_id: USER }]);
    }
  });

  it('when every GET route is read on the upgraded database and on one never upgraded holding the same business, then every answer is the same', async () => {
    const upgraded = await everyAnswer(handle);
    const native = await everyAnswer(fresh);
    expect(upgraded.length).toBeGreaterThan(60);
    // the fixture's records are answered (not only refusals)
    for (const p of [
      '/clients',
      `/clients/${CLIENT}`,
      '/items',
      `/items/${ITEM}`,
      '/invoices',
      `/invoices/${INVOICE}`,
      `/calendar/${EVENT}`,
      '/company',
      '/accounts',
      '/account/members',
    ]) {
      expect(
        upgraded.find((a) => a.path === p),
        p,
      ).toMatchObject({ status: 200 });
    }
    expect(upgraded.filter((a) => a.status >= 500)).toEqual([]);
    for (const [i, answer] of upgraded.entries()) expect(answer, answer.path).toEqual(native[i]);
  });

  it('when the user signs in after the upgrade, then their data answers as it was', async () => {
    const app = appOn(handle);
    const login = await request(app).post('/api/auth/login').send({ email: EMAIL, password: 'correct-horse' });
    expect(login.status).toBe(200);
    expect(login.body.data.account).toEqual({ id: USER, name: 'Old Firm Ltd', role: 'OWNER', engineersSeePrices: false });
    const auth = { Authorization: `Bearer ${login.body.data.token}` };
    expect((await request(app).get('/api/clients').set(auth)).body.data).toEqual([
      expect.objectContaining({ id: CLIENT, name: 'Mrs Patel', email: 'patel@example.co.uk' }),
    ]);
    expect((await request(app).get('/api/items').set(auth)).body.data).toEqual([expect.objectContaining({ id: ITEM, name: 'Callout', price: 65 })]);
    const invoice = (await request(app).get(`/api/invoices/${INVOICE}`).set(auth)).body.data;
    expect(invoice).toEqual(expect.objectContaining({ id: INVOICE, invoiceNumber: 'INV0001', status: 'DRAFT', total: 78, clientId: CLIENT }));
    expect((await request(app).get('/api/calendar').set(auth)).body.data).toEqual([expect.objectContaining({ id: EVENT, title: 'Boiler', clientId: CLIENT })]);
    expect((await request(app).get('/api/company').set(auth)).body.data).toEqual(expect.objectContaining({ name: 'Old Firm Ltd' }));
    expect((await request(app).get('/api/accounts').set(auth)).body.data).toEqual([{ id: USER, name: 'Old Firm Ltd', role: 'OWNER', current: true }]);
    // numbering goes on from the stored counter
    const next = await request(app)
      .post('/api/invoices')
      .set(auth)
      .send({ clientId: CLIENT, lineItems: [{ description: 'Parts', quantity: 1, unitPrice: 10 }], dueDate: '2030-02-28' });
    // (a number is given when the invoice is issued)
    const sent = await request(app).patch(`/api/invoices/${next.body.data.id}/send`).set(auth);
    expect(sent.body.data.invoiceNumber).toBe('INV0002');
  });
});
