import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, joinAccount, registerUser, sampleClient, sampleCompany, TEST_SECRET, type TestApp, type TestUser } from '../test-app.ts';
import { TokenService } from '../../src/lib/token-service.ts';
import { BackupError, createBackup, parseBackup, restoreBackup, type Backup } from '../../src/db/backup.ts';
import { PNG_1x1 } from './routes.ts';
import { API_DIR, freshPostgresDatabase } from './processes.ts';
import { listen, type Method } from './support.ts';
import { serverCommand } from '../server-bundle.ts';
import { readPdf } from '../../src/pdf/testing/read-pdf.ts';

const run = promisify(execFile);

let source: TestApp;
let target: TestApp;
let user: TestUser;
let http: Awaited<ReturnType<typeof listen>>;
const JSON_TYPE = { 'content-type': 'application/json' };

async function ok<T = { id: string }>(server: typeof http, method: Method, p: string, body?: unknown): Promise<T> {
  const res = await server.send(
    method,
    `/api${p}`,
    { ...user.auth, ...(body === undefined ? {} : JSON_TYPE) },
    body === undefined ? undefined : JSON.stringify(body),
  );
  if (res.status >= 300) throw new Error(`${method} ${p} -> ${res.status} ${res.text.slice(0, 300)}`);
  return (res.body as { data: T }).data;
}

/** Everything a signed-in user can read, keyed by path: the comparison of "identical API answers". */
async function readEverything(server: typeof http): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const lists = [
    '/auth/me',
    '/company',
    '/clients',
    '/items',
    '/quotes',
    '/invoices',
    '/credit-notes',
    '/calendar',
    '/dashboard',
    '/subscription/usage',
    '/payments',
    '/reports/aged-debtors',
    '/expenses',
    '/bank-accounts',
  ];
  for (const p of lists) out[p] = await ok<unknown>(server, 'get', p);
  for (const area of ['clients', 'items', 'quotes', 'invoices', 'credit-notes', 'calendar']) {
    for (const row of out[`/${area}`] as { id: string }[]) out[`/${area}/${row.id}`] = await ok<unknown>(server, 'get', `/${area}/${row.id}`);
  }
  for (const row of out['/bank-accounts'] as { id: string }[])
    out[`/bank-accounts/${row.id}/lines`] = await ok<unknown>(server, 'get', `/bank-accounts/${row.id}/lines`);
  for (const row of out['/expenses'] as { id: string; receipt: unknown }[]) {
    if (!row.receipt) continue;
    const receipt = await server
      .agent()
      .get(`/api/expenses/${row.id}/receipt`)
      .set(user.auth)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    out[`/expenses/${row.id}/receipt`] = (receipt.body as Buffer).toString('base64');
  }
  for (const area of ['quotes', 'invoices', 'credit-notes']) {
    for (const row of out[`/${area}`] as { id: string }[]) {
      out[`/${area}/${row.id}/history`] = await ok<unknown>(server, 'get', `/${area}/${row.id}/history`);
      // Issued documents print from their snapshot: the PDF text must survive the round trip too.
      const pdf = await server
        .agent()
        .get(`/api/${area}/${row.id}/preview`)
        .set(user.auth)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      out[`/${area}/${row.id}/preview`] = pdf.status === 200 ? (await readPdf(pdf.body as Buffer)).text : pdf.status;
    }
  }
  return out;
}

async function seed(server: typeof http) {
  await ok(server, 'post', '/company', sampleCompany({ terms: "Robert'); DROP TABLE invoices;-- <b>£5</b>" }));
  await ok(server, 'post', '/company/logo', { logo: `data:image/png;base64,${PNG_1x1}` });
  const clients = [];
  for (let i = 0; i < 3; i++) clients.push(await ok(server, 'post', '/clients', sampleClient({ name: `Client ${i} “Zoë”`, email: `c${i}@example.com` })));
  await ok(server, 'post', '/items', { name: 'Copper pipe', description: '15 mm', price: 4.2 });
  const expense = await ok(server, 'post', '/expenses', {
    date: '2030-01-05',
    supplier: 'Screwfix',
    category: 'COST_OF_GOODS',
    net: 12.5,
    vat: 'STANDARD',
    clientId: clients[0]!.id,
  });
  await server
    .agent()
    .put(`/api/expenses/${expense.id}/receipt`)
    .set(user.auth)
    .set('content-type', 'image/png')
    .send(Buffer.from(PNG_1x1, 'base64'))
    .expect(200);
  const bank = await ok(server, 'post', '/bank-accounts', { name: 'Business current', sortCode: '30-12-34' });
  await server
    .agent()
    .post(`/api/bank-accounts/${bank.id}/statements?format=csv&preset=santander`)
    .set(user.auth)
    .set('content-type', 'text/csv')
    .send('Date,Description,Amount,Balance\n05/03/2031,J SMITH,100.00,200.00\n06/03/2031,SCREWFIX,-5.00,195.00\n')
    .expect(200);
  const lines = [
    { description: 'Labour', quantity: 2.5, unitPrice: 45 },
    { description: 'Parts', quantity: 1, unitPrice: 12.34 },
  ];
  const quote = await ok(server, 'post', '/quotes', { clientId: clients[0]!.id, lineItems: lines, tax: 20 });
  await ok(server, 'patch', `/quotes/${quote.id}/send`);
  await ok(server, 'patch', `/quotes/${quote.id}/approve`);
  const fromQuote = await ok(server, 'post', `/invoices/from-quote/${quote.id}`, { dueDate: '2030-03-01' });
  await ok(server, 'patch', `/invoices/${fromQuote.id}/send`);
  await ok(server, 'post', `/invoices/${fromQuote.id}/credit-notes`, {
    reason: 'Parts returned',
    lineItems: [{ description: 'Parts', quantity: 1, unitPrice: 12.34 }],
  });
  await ok(server, 'post', `/invoices/${fromQuote.id}/payments`, { amount: 10.5, method: 'CHEQUE', reference: 'Chq 100' });
  const voided = await ok(server, 'post', '/invoices', { clientId: clients[1]!.id, lineItems: lines, tax: 0, dueDate: '2030-02-01' });
  await ok(server, 'patch', `/invoices/${voided.id}/send`);
  await ok(server, 'patch', `/invoices/${voided.id}/void`, { reason: 'Duplicate' });
  // Changed after issue: the restored previews must still print the frozen details.
  await ok(server, 'put', '/company', sampleCompany({ name: 'Renamed after issue' }));
  await ok(server, 'post', '/calendar', {
    title: 'Follow-up',
    startDate: '2030-01-01T09:00:00Z',
    endDate: '2030-01-01T10:00:00Z',
    clientId: clients[0]!.id,
    quoteId: quote.id,
    invoiceId: fromQuote.id,
  });
}

// Every app here reads "today" at one instant: answers read before midnight and compared after it
// would differ in what depends on the date (overdue, days late), which is not what a restore changes.
const TODAY = new Date();

beforeAll(async () => {
  source = await createTestApp();
  source.setNow(TODAY);
  http = await listen(source.app);
  user = await registerUser(source.app);
  await seed(http);
});

afterAll(async () => {
  await http?.close();
  await source?.close();
  await target?.close();
});

describe('backup and restore', () => {
  let backup: Backup;
  let answers: Record<string, unknown>;

  it('when a seeded account is backed up and restored into an empty database, then every API answer is identical', async () => {
    answers = await readEverything(http);
    // Through text, as the file on disk would be.
    backup = parseBackup(JSON.stringify(await createBackup(source.ctx.db)));
    expect(backup.tables.users).toHaveLength(1);
    expect(backup.tables.invoice_lines!.length).toBeGreaterThan(0);

    target = await createTestApp();
    target.setNow(TODAY);
    const counts = await restoreBackup(target.ctx.db, backup);
    expect(counts).toEqual(Object.fromEntries(Object.entries(backup.tables).map(([t, rows]) => [t, rows.length])));
    const restored = await listen(target.app);
    try {
      expect(await readEverything(restored)).toEqual(answers);
      // Numbering continues after the restored documents.
      const draft = await ok(restored, 'post', '/invoices', {
        clientId: (answers['/clients'] as { id: string }[])[0]!.id,
        lineItems: [{ description: 'After restore', quantity: 1, unitPrice: 1 }],
        dueDate: '2030-04-01',
      });
      // Numbers are given at issue: the next issue follows the two restored issued invoices.
      const next = await ok<{ invoiceNumber: string }>(restored, 'patch', `/invoices/${draft.id}/send`);
      expect(next.invoiceNumber).toBe('INV0003');
      expect(backup.tables.credit_notes).toHaveLength(1);
      expect(backup.tables.payments).toHaveLength(1);
      expect(backup.tables.document_history!.length).toBeGreaterThan(5);
      expect(backup.tables.invoices!.filter((r) => r.snapshot !== null)).toHaveLength(2);
    } finally {
      await restored.close();
    }
  });

  it('when a backup made before accounts (version 1) is restored, then the user owns an account with their data and every answer is identical', async () => {
    // The file the previous release wrote: no accounts, every tenant column named user_id.
    const tables: Record<string, Record<string, unknown>[]> = {};
    for (const [name, rows] of Object.entries(backup.tables)) {
      if (['accounts', 'memberships', 'account_invitations'].includes(name)) continue;
      tables[name] = rows.map((row) => {
        if (!('account_id' in row)) return row;
        const { account_id: owner, ...rest } = row;
        return { user_id: owner, ...rest };
      });
    }
    for (const rows of [tables.payments, tables.credit_notes, tables.document_history, tables.email_deliveries])
      for (const row of rows ?? []) delete row.actor_user_id;
    for (const row of tables.calendar_events ?? []) delete row.assignee_user_id;
    // Answers this release kept (with who did it) cannot be in a file the previous release wrote.
    tables.kept_answers = [];
    const old = parseBackup(JSON.stringify({ ...backup, version: 1, tables }));
    expect(old.version).toBe(2);
    expect(old.tables.memberships).toEqual([expect.objectContaining({ account_id: user.id, user_id: user.id, role: 'OWNER' })]);
    const upgraded = await createTestApp();
    upgraded.setNow(TODAY);
    const server = await listen(upgraded.app);
    const signedIn = user;
    try {
      await restoreBackup(upgraded.ctx.db, old);
      // a session of the previous release names only its user
      const legacy = new TokenService(TEST_SECRET, '7d').sign(user.id, 0);
      user = { ...user, token: legacy, auth: { Authorization: `Bearer ${legacy}` } };
      // the previous release recorded no member on history entries: the only difference is their `by`
      const withoutActors = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(withoutActors)
          : value && typeof value === 'object'
            ? Object.fromEntries(
                Object.entries(value)
                  .filter(([k]) => k !== 'by')
                  .map(([k, v]) => [k, withoutActors(v)]),
              )
            : value;
      expect(await readEverything(server)).toEqual(withoutActors(answers));
      const accounts = await server.send('get', '/api/accounts', user.auth);
      expect((accounts.body as { data: unknown }).data).toEqual([{ id: user.id, name: expect.any(String), role: 'OWNER', current: true }]);
    } finally {
      user = signedIn;
      await server.close();
      await upgraded.close();
    }
  });

  it('when a table is restored in many inserts and a refund comes before the payment it names, then every row is restored, parents first', async () => {
    const payment = backup.tables.payments![0]!;
    const refund = { ...payment, id: randomUUID(), amount_pence: -100, refund_of: payment.id, provider: null, reference: 'refund' };
    const withRefund: Backup = { ...backup, tables: { ...backup.tables, payments: [refund, ...backup.tables.payments!] } };
    const batched = await createTestApp();
    try {
      // one row per insert: every table goes in many statements, each checked on its own
      const counts = await restoreBackup(batched.ctx.db, withRefund, { batchChars: 1 });
      expect(counts).toEqual(Object.fromEntries(Object.entries(withRefund.tables).map(([t, rows]) => [t, rows.length])));
      const restored = await createBackup(batched.ctx.db);
      expect(restored.tables.payments).toEqual(expect.arrayContaining([expect.objectContaining({ id: refund.id, refund_of: payment.id })]));
    } finally {
      await batched.close();
    }
  });

  it('when an account has members and a pending invitation, then the restore carries them and the member still works in it', async () => {
    const from = await createTestApp();
    const to = await createTestApp();
    try {
      const owner = await registerUser(from.app);
      const member = await joinAccount(from.app, owner, 'ACCOUNTANT');
      await request(from.app).post('/api/account/invitations').set(owner.auth).send({ email: 'later@example.co.uk', role: 'ENGINEER' }).expect(201);
      const copy = parseBackup(JSON.stringify(await createBackup(from.ctx.db)));
      expect(copy.tables.accounts).toHaveLength(2);
      expect(copy.tables.memberships).toHaveLength(3);
      expect(copy.tables.account_invitations).toHaveLength(2);
      await restoreBackup(to.ctx.db, copy);
      const listed = await request(to.app).get('/api/accounts').set(member.auth);
      expect(listed.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: owner.id, role: 'ACCOUNTANT', current: true })]));
      expect((await request(to.app).get('/api/invoices').set(member.auth)).status).toBe(200);
      expect((await request(to.app).post('/api/clients').set(member.auth).send(sampleClient())).status).toBe(403);
      const pending = await request(to.app).get('/api/account/invitations').set(owner.auth);
      expect(pending.body.data).toEqual([expect.objectContaining({ email: 'later@example.co.uk', role: 'ENGINEER' })]);
    } finally {
      await from.close();
      await to.close();
    }
  });

  it('when the target database already has data, then restore refuses and changes nothing', async () => {
    const before = await createBackup(target.ctx.db);
    await expect(restoreBackup(target.ctx.db, backup)).rejects.toThrow(BackupError);
    await expect(restoreBackup(target.ctx.db, backup)).rejects.toThrow(/Refusing to restore into a database that has data/);
    expect((await createBackup(target.ctx.db)).tables).toEqual(before.tables);
  });

  it('when the file is not a Docket backup, then it is refused with a clear message', () => {
    expect(() => parseBackup('{')).toThrow('The backup file is not valid JSON');
    expect(() => parseBackup('{"format":"other"}')).toThrow('The file is not a Docket backup');
    expect(() => parseBackup(JSON.stringify({ ...backup, version: 99 }))).toThrow(/Unsupported backup version 99/);
    expect(() => parseBackup(JSON.stringify({ ...backup, tables: { secrets: [] } }))).toThrow('Unknown table in backup: secrets');
  });

  it('when the CLI restores the dump into an empty data directory or database and backs it up again, then the rows are the same', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docket-backup-'));
    const pg = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase() : undefined;
    try {
      const file = path.join(dir, 'in.json');
      writeFileSync(file, JSON.stringify(backup));
      const env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: pg?.url ?? '', INIT_CWD: dir };
      // The CLI as built (the run's bundle, test/server-bundle.ts): tsx would compile it at each of the three starts.
      const cli = (...args: string[]) => run(process.execPath, [path.join(path.dirname(serverCommand()[0]!), 'backup-cli.js'), ...args], { cwd: API_DIR, env });
      const restored = await cli('restore', 'in.json');
      expect(restored.stdout).toMatch(/^Restored \d+ rows from/);
      const again = await cli('restore', 'in.json').catch((err: { code: number; stderr: string }) => err);
      expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/Refusing to restore/) });
      await cli('backup', 'out.json');
      const out = parseBackup(readFileSync(path.join(dir, 'out.json'), 'utf8'));
      const sorted = (b: Backup) => Object.fromEntries(Object.entries(b.tables).map(([t, rows]) => [t, rows.map((r) => JSON.stringify(r)).sort()]));
      expect(sorted(out)).toEqual(sorted(backup));
    } finally {
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
