/**
 * How cost grows with work (issue 38): one account at 1,000 / 10,000 / 100,000 invoices, and
 * 10 / 100 / 1,000 accounts on one PostgreSQL. Each step is a fresh database, seeded straight
 * through Drizzle (bench/seed.ts), then each request is timed one at a time after a small write
 * (a new client), so no kept answer hides the work: what a page costs, not what a cache costs.
 *
 *   pnpm exec tsx bench/growth.ts [--invoices 1000,10000] [--accounts 10,100] [--db postgres|pglite] [--out file]
 *
 * PostgreSQL needs DATABASE_URL (a fresh database is created and dropped per step).
 */
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { api, startBenchApp, type BenchApp, type BenchDbKind } from './bench-app.ts';
import { seedAccount, type SeedSizes } from './seed.ts';
import { percentile } from './mix.ts';
import { loadNow, scriptLog } from './script-log.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    invoices: { type: 'string', default: '1000,10000' },
    accounts: { type: 'string', default: '10,100' },
    db: { type: 'string' },
    runs: { type: 'string', default: '20' },
    out: { type: 'string', default: path.join(HERE, '.tmp/growth.md') },
  },
});
const RUNS = Number(args.runs);
const log = scriptLog('growth');

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const today = new Date();
const quarterAgo = new Date(today.getTime() - 91 * 86_400_000);

/** What grows with an account: list, filters, search, other orders, a later page, dashboard and the two reports. */
function probes(clientId: string, cursor: string | null): { name: string; path: string }[] {
  return [
    { name: 'invoice list (first page)', path: '/api/invoices?limit=50' },
    { name: 'status filter (SENT)', path: '/api/invoices?limit=50&status=SENT' },
    { name: 'client filter', path: `/api/invoices?limit=50&clientId=${clientId}` },
    { name: 'search (a town)', path: '/api/invoices?limit=50&q=Leeds' },
    { name: 'search (an invoice number)', path: '/api/invoices?limit=50&q=INV0007' },
    // the list screen's other orders (documents/document-order.ts), each cut by offset
    { name: 'sorted by total (largest first)', path: '/api/invoices?limit=50&sort=total&order=desc' },
    { name: 'sorted by number', path: '/api/invoices?limit=50&sort=number' },
    { name: 'sorted by client', path: '/api/invoices?limit=50&sort=client' },
    ...(cursor ? [{ name: 'page 3 of the list', path: `/api/invoices?limit=50&cursor=${encodeURIComponent(cursor)}` }] : []),
    { name: 'dashboard', path: '/api/dashboard' },
    { name: 'VAT return (last quarter)', path: `/api/reports/vat?from=${isoDay(quarterAgo)}&to=${isoDay(today)}` },
    { name: 'aged debtors', path: '/api/reports/aged-debtors' },
  ];
}

interface Timing {
  median: number;
  p95: number;
}

async function timeOne(url: string, p: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  return performance.now() - started;
}

/**
 * Each probe RUNS times one at a time, each after a new client (a write that moves the
 * account's version), over the accounts in turn; 3 untimed first.
 */
async function measureProbes(app: BenchApp, accounts: { token: string; clientId: string; cursor: string | null }[]): Promise<Map<string, Timing>> {
  const out = new Map<string, Timing>();
  const names = probes(accounts[0]!.clientId, accounts[0]!.cursor).map((p) => p.name);
  for (const name of names) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const a = accounts[i % accounts.length]!;
      const probe = probes(a.clientId, a.cursor).find((p) => p.name === name);
      if (!probe) continue;
      await api(app.url, 'POST', '/api/clients', { name: `Growth ${i}`, email: `growth-${Date.now().toString(36)}-${i}@client.example` }, a.token);
      const ms = await timeOne(app.url, probe.path, a.token);
      if (i >= 3) times.push(ms);
    }
    times.sort((x, y) => x - y);
    out.set(name, { median: percentile(times, 50), p95: percentile(times, 95) });
  }
  return out;
}

async function registerAccount(app: BenchApp, label: string) {
  const { token, user } = await api<{ token: string; user: { id: string } }>(app.url, 'POST', '/api/auth/register', {
    email: `growth-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.co.uk`,
    password: 'bench-password-1',
  });
  await api(app.url, 'POST', '/api/company', { name: `Growth ${label}`, email: 'hello@growth.example', vatNumber: 'GB123456789', defaultTaxRate: 20 }, token);
  return { token, userId: user.id };
}

async function pageThreeCursor(app: BenchApp, token: string): Promise<string | null> {
  let cursor: string | null = null;
  for (let p = 0; p < 2; p++) {
    const page: { nextCursor: string | null } = await api(
      app.url,
      'GET',
      `/api/invoices?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      undefined,
      token,
    );
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return cursor;
}

const analyze = (app: BenchApp) => (app.ctx.db as unknown as { $client: { query: (q: string) => Promise<unknown> } }).$client.query('analyze');

interface Step {
  label: string;
  seedSec: number;
  totalInvoices: number;
  timings: Map<string, Timing>;
  load: string;
}

/** A steady 10,000 invoices in two years (about 14 a working day): the history grows, a quarter's work does not. */
const STEADY_PER_DAY = 10_000 / 730;

async function oneAccountStep(kind: BenchDbKind, invoices: number, steady = false): Promise<Step> {
  const app = await startBenchApp(kind, process.env.DATABASE_URL, { bcryptCost: 4 });
  try {
    const { token, userId } = await registerAccount(app, `one-${invoices}`);
    const sizes: SeedSizes = {
      invoices,
      quotes: Math.ceil(invoices / 5),
      clients: Math.min(2_000, Math.max(20, Math.ceil(invoices / 20))),
      events: 50,
      days: steady ? Math.ceil(invoices / STEADY_PER_DAY) : 730,
    };
    const started = performance.now();
    const seed = await seedAccount(app.ctx.db, userId, sizes);
    await analyze(app);
    const seedSec = (performance.now() - started) / 1000;
    log(`${kind}: one account, ${invoices} invoices over ${sizes.days} days seeded in ${seedSec.toFixed(1)} s`);
    const timings = await measureProbes(app, [{ token, clientId: seed.clientIds[0]!, cursor: await pageThreeCursor(app, token) }]);
    const over = sizes.days! >= 730 ? `${Math.round(sizes.days! / 365)} years` : `${Math.round(sizes.days! / 7)} weeks`;
    return { label: `${invoices.toLocaleString('en-GB')} invoices over ${over}`, seedSec, totalInvoices: invoices, timings, load: loadNow() };
  } finally {
    await app.close();
  }
}

async function manyAccountsStep(kind: BenchDbKind, accounts: number, perAccount: number): Promise<Step> {
  const app = await startBenchApp(kind, process.env.DATABASE_URL, { bcryptCost: 4 });
  try {
    const started = performance.now();
    const measured: { token: string; clientId: string; cursor: string | null }[] = [];
    const sizes: SeedSizes = { invoices: perAccount, quotes: Math.ceil(perAccount / 5), clients: 20, events: 5 };
    let next = 0;
    // four at a time: registration (bcrypt) and inserts overlap
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < accounts) {
          const i = next++;
          const { token, userId } = await registerAccount(app, `many-${i}`);
          const seed = await seedAccount(app.ctx.db, userId, sizes);
          // spread the measured accounts over the data written (first, middle, last)
          if (i === 0 || i === Math.floor(accounts / 2) || i === accounts - 1) measured.push({ token, clientId: seed.clientIds[0]!, cursor: null });
        }
      }),
    );
    await analyze(app);
    for (const a of measured) a.cursor = await pageThreeCursor(app, a.token);
    const seedSec = (performance.now() - started) / 1000;
    log(`${kind}: ${accounts} accounts × ${perAccount} invoices seeded in ${seedSec.toFixed(1)} s`);
    const timings = await measureProbes(app, measured);
    return {
      label: `${accounts.toLocaleString('en-GB')} accounts × ${perAccount} invoices`,
      seedSec,
      totalInvoices: accounts * perAccount,
      timings,
      load: loadNow(),
    };
  } finally {
    await app.close();
  }
}

function table(title: string, steps: Step[]): string[] {
  if (!steps.length) return [];
  const names = [...steps[0]!.timings.keys()];
  const out = [`#### ${title}`, '', `| Request (ms: median / p95) | ${steps.map((s) => s.label).join(' | ')} |`, `|---|${steps.map(() => '---').join('|')}|`];
  for (const name of names) {
    out.push(
      `| ${name} | ${steps
        .map((s) => {
          const t = s.timings.get(name);
          return t ? `${t.median.toFixed(1)} / ${t.p95.toFixed(1)}` : '–';
        })
        .join(' | ')} |`,
    );
  }
  out.push(`| seeding (s, straight to the database) | ${steps.map((s) => s.seedSec.toFixed(1)).join(' | ')} |`);
  out.push(`| load average (1/5/15) after | ${steps.map((s) => s.load).join(' | ')} |`);
  out.push('');
  return out;
}

async function main() {
  const kind = (args.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as BenchDbKind;
  const invoiceSteps = args.invoices ? args.invoices.split(',').filter(Boolean).map(Number) : [];
  const accountSteps = kind === 'postgres' && args.accounts ? args.accounts.split(',').filter(Boolean).map(Number) : [];
  const loadStart = loadNow();
  log(`${kind}, load average ${loadStart}`);
  const one: Step[] = [];
  for (const n of invoiceSteps) one.push(await oneAccountStep(kind, n));
  const steady: Step[] = [];
  for (const n of invoiceSteps) steady.push(await oneAccountStep(kind, n, true));
  const many: Step[] = [];
  for (const n of accountSteps) many.push(await manyAccountsStep(kind, n, 200));
  const db = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const text = [
    `### Growth on ${db} (${new Date().toISOString()}, load average at start ${loadStart})`,
    '',
    `Measured on a 2-core machine whose speed moves by up to a third between hours (the load average of each step is in its column): compare columns within a run, not across runs. Each request timed one at a time, ${RUNS} times, each after a new client is written (so kept answers are worked out afresh), \`bench/growth.ts\`.`,
    '',
    ...table(`One account growing, all in the last two years (${db}): a quarter holds an eighth of the invoices`, one),
    ...table(
      `One account growing at a steady ${Math.round(STEADY_PER_DAY)} invoices a day (${db}): the history grows, a quarter holds about ${Math.round(STEADY_PER_DAY * 91).toLocaleString('en-GB')} invoices`,
      steady,
    ),
    ...table(`Many accounts on one ${db} (200 invoices each, measured on the first, middle and last account)`, many),
  ].join('\n');
  mkdirSync(path.dirname(args.out!), { recursive: true });
  writeFileSync(args.out!, text);
  process.stdout.write(`${text}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`[growth] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
