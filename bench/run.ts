import os from 'node:os';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { api, startBenchApp, type BenchApp, type BenchDbKind } from './bench-app.ts';
import { measure, startBareExpress, type LoadResult, type LoadSettings, type LoadTarget } from './api-load.ts';
import { FULL_SIZES, SMOKE_SIZES, seedAccount } from './seed.ts';
import { benchJwtVerify } from './jwt.ts';
import { measureRoundTrips } from './round-trip.ts';
import { runPdfBench } from './pdf.ts';
import { runIssuedPdfBench } from './pdf-issued.ts';
import { measureIdleMemory, type IdleMemory } from './idle-memory.ts';
import { measureWebDist } from './web-size.ts';
import { summariseProfile, withCpuProfile } from './cpu-profile.ts';
import { MIX_FULL_SIZES, MIX_SMOKE_SIZES, measureMix, seedMixAccounts, type MixRun, type MixSizes, type StatementTrace } from './mix-run.ts';
import type { MixAccount } from './mix.ts';
import type { PgliteThread } from '../apps/api/src/db/pglite-thread.ts';
import { isLocalHost } from './database-host.ts';
import { createBackup, restoreBackup } from '../apps/api/src/db/backup.ts';
import { ENDPOINT, checkTargets, keptNotes, renderReport, type BenchReport, type DbRun } from './report.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const WEB_BENCH_DIST = path.join(HERE, '.tmp/web-dist');

const { values: args } = parseArgs({
  // pnpm may hand over a lone "--" before the script's own flags
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    smoke: { type: 'boolean', default: false },
    /** comma list: pglite,postgres (postgres needs DATABASE_URL) */
    db: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    /** comma list of endpoint keys to load: health,list,quotes,clients,dashboard,one,create,preview,mix */
    only: { type: 'string' },
    /** seconds of each mix kind alone under the CPU profiler (issue 38's "where the time goes") */
    'mix-profile': { type: 'string' },
    /** seconds of each mix kind alone, unprofiled: the server CPU ms per request of each kind */
    'mix-kind-cpu': { type: 'string' },
    /** seconds of the mix's reads alone, then its writes alone, after the mix: what each costs (full runs: 3; 0 skips them) */
    'mix-split': { type: 'string' },
    /** seconds of the measured mix (warm-up is a third of it) */
    'mix-duration': { type: 'string' },
    /** accounts and invoices per account of the mix (default 20 × 200; smoke 3 × 8) */
    'mix-accounts': { type: 'string' },
    'mix-invoices': { type: 'string' },
    'no-web-build': { type: 'boolean', default: false },
    /** PGlite's time per statement in the measured mix (the database's share, which --mix-profile cannot see) */
    'pglite-statements': { type: 'boolean', default: false },
    /** write a .cpuprofile of the server thread per endpoint run to bench/.tmp/profiles, with a summary */
    profile: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

const smoke = args.smoke;
const t0 = performance.now();
const log = (msg: string) => process.stdout.write(`[bench ${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);
const settings: LoadSettings = {
  durationSec: Number(args.duration ?? (smoke ? 1 : 5)),
  warmupSec: Number(args.warmup ?? (smoke ? 0 : 1)),
  // issue 23's list targets are stated at 32 connections
  connections: Number(args.connections ?? (smoke ? 2 : 32)),
  amount: smoke ? 20 : undefined,
};

function databasesToRun(): BenchDbKind[] {
  const wanted = (args.db?.split(',') ?? ['pglite', 'postgres']) as BenchDbKind[];
  return wanted.filter((k) => {
    if (k === 'postgres' && !process.env.DATABASE_URL) {
      if (args.db) throw new Error('--db postgres needs DATABASE_URL');
      log('DATABASE_URL not set: PostgreSQL run skipped');
      return false;
    }
    return k === 'pglite' || k === 'postgres';
  });
}

/** The PGlite thread under the app's Drizzle handle. */
const pgliteThreadOf = (app: BenchApp) => (app.ctx.db as unknown as { $client: PgliteThread }).$client;

/** The thread's time per statement, and a statement's plan in a transaction rolled back, so that a write changes nothing. */
const statementTrace = (thread: PgliteThread): StatementTrace => ({
  times: () => thread.statementTimes(),
  async explain(text, params) {
    let plan = '';
    await thread
      .transaction(async (tx) => {
        const result = await tx.query(`explain (analyze, buffers) ${text}`, params);
        plan = (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
        throw new Error('rolled back');
      })
      .catch((e: Error) => {
        if (e.message !== 'rolled back') throw e;
      });
    return plan;
  },
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The account the load runs as: a real registration (real token) plus a bulk-seeded history. */
async function prepareAccount(app: BenchApp) {
  const { token, user } = await api<{ token: string; user: { id: string } }>(app.url, 'POST', '/api/auth/register', {
    email: `bench-${Date.now().toString(36)}@example.co.uk`,
    password: 'bench-password-1',
  });
  await api(
    app.url,
    'POST',
    '/api/company',
    {
      name: 'Bright Sparks Electrical',
      email: 'hello@brightsparks.example',
      phone: '0161 496 0000',
      address: '12 Mill Lane\nManchester\nM1 2AB',
      vatNumber: 'GB123456789',
      terms: 'Payment within 30 days of the invoice date.',
      currency: 'GBP',
      template: 'modern',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
      defaultTaxRate: 20,
      bankDetails: { bankName: 'Barclays', accountName: 'Bright Sparks Ltd', accountNumber: '12345678', sortCode: '12-34-56' },
    },
    token,
  );
  // the big account only feeds the per-endpoint loads: a run of just health and the mix skips it
  const endpointsLoaded = (args.only?.split(',') ?? ['list']).some((k) => k !== 'health' && k !== 'mix');
  const seed = await seedAccount(app.ctx.db, user.id, smoke || !endpointsLoaded ? SMOKE_SIZES : FULL_SIZES);
  // fresh statistics, as autovacuum would have gathered on a database of this age
  await (app.ctx.db as unknown as { $client: { query: (q: string) => Promise<unknown> } }).$client.query('analyze');
  return { token, seed };
}

/** One request of each kind before loading, so a broken route fails loudly instead of as a fast 404 stream. */
async function preflight(app: BenchApp, token: string, targets: LoadTarget[], expectedListLength: number) {
  const page = await api<{ items: unknown[]; nextCursor: string | null }>(app.url, 'GET', '/api/invoices?limit=50', undefined, token);
  if (!Array.isArray(page.items) || page.items.length !== expectedListLength) {
    throw new Error(`GET /api/invoices?limit=50 answered ${page.items?.length} items, expected ${expectedListLength}`);
  }
  for (const t of targets) {
    const res = await fetch(`${app.url}${t.paths[0]}`, {
      method: t.method,
      headers: { authorization: `Bearer ${token}`, ...(t.body ? { 'content-type': 'application/json' } : {}) },
      body: t.body ? JSON.stringify(t.body) : undefined,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${t.name} answered ${res.status} before the load started`);
  }
}

async function profiledMeasure(app: BenchApp, t: LoadTarget): Promise<LoadResult> {
  const dir = path.join(HERE, '.tmp/profiles');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${app.kind}-${t.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`);
  const r = await withCpuProfile(file, () => measure(app.url, t, settings));
  log(`profile ${path.relative(ROOT, file)}\n${summariseProfile(JSON.parse(readFileSync(file, 'utf8')))}`);
  return r;
}

interface MixSeed {
  sizes: MixSizes;
  accounts: MixAccount[];
  seedSec: number;
  copiedFrom?: MixRun['copiedFrom'];
}

/**
 * Issue 38's accounts, set up through this server's API, on a database that holds nothing else yet
 * (its backup is what the run's other database starts from: copyMix).
 */
async function seedMix(app: BenchApp): Promise<MixSeed> {
  const base = smoke ? MIX_SMOKE_SIZES : MIX_FULL_SIZES;
  const sizes = {
    ...base,
    accounts: Number(args['mix-accounts'] ?? base.accounts),
    invoicesPerAccount: Number(args['mix-invoices'] ?? base.invoicesPerAccount),
  };
  const seedStart = performance.now();
  // eight owners at work at once: enough to keep both cores (and PostgreSQL's backends) busy
  const accounts = await seedMixAccounts((method, p, body, token) => api(app.url, method, p, body, token), sizes, 8);
  // Each send queued the render of its PDF (docs/product.md, "Issued PDFs are kept"): they run
  // before the mix is measured, as they would have long before a real day's previews.
  await app.jobsDone();
  // PostgreSQL's autovacuum analyses a table once a minute at most: on a database seeded seconds ago
  // the planner would still guess one row per account (a search then probed every line of the
  // account per invoice: 80–380 ms). A database of any age has been vacuumed and analysed, and
  // autovacuum must not do it while the other database is measured; PGlite's server analyses
  // itself (db/pglite-auto-analyze.ts), which the mix leaves to show.
  if (app.kind === 'postgres') await (app.ctx.db as unknown as { $client: { query: (q: string) => Promise<unknown> } }).$client.query('vacuum (analyze)');
  const seedSec = (performance.now() - seedStart) / 1000;
  log(`${app.kind}: mix: seeded ${sizes.accounts} accounts × ${sizes.invoicesPerAccount} invoices through the API in ${seedSec.toFixed(0)} s`);
  return { sizes, accounts, seedSec };
}

/**
 * The same accounts on another database of the run, from the seeded one's backup (src/db/backup.ts,
 * as `pnpm db:backup` and `db:restore` move a business between PGlite and PostgreSQL): the same rows,
 * ids, sessions and kept PDFs. Seeding both through the API side by side took the longest part of
 * the run (bench/results.md, twentieth session); a restore takes seconds.
 */
async function copyMix(from: BenchApp, to: BenchApp, seeded: MixSeed): Promise<MixSeed> {
  const started = performance.now();
  await restoreBackup(to.ctx.db, await createBackup(from.ctx.db));
  const restoreSec = (performance.now() - started) / 1000;
  log(`${to.kind}: mix: the ${seeded.sizes.accounts} accounts restored from ${from.kind}'s backup in ${restoreSec.toFixed(1)} s`);
  return { ...seeded, copiedFrom: { databaseLabel: from.databaseLabel, restoreSec } };
}

/** Issue 38's realistic mix on this server: GET /api/health, then the mix over the accounts seeded. */
async function runMix(app: BenchApp, { sizes, accounts, seedSec, copiedFrom }: MixSeed): Promise<MixRun> {
  const durationSec = Number(args['mix-duration'] ?? (smoke ? 1 : 12));
  const run = await measureMix(
    app.url,
    accounts,
    { connections: settings.connections, durationSec, warmupSec: smoke ? 0 : Math.ceil(durationSec / 3), amount: smoke ? 60 : undefined },
    settings,
    {
      profileSec: args['mix-profile'] ? Number(args['mix-profile']) : undefined,
      kindCpuSec: args['mix-kind-cpu'] ? Number(args['mix-kind-cpu']) : undefined,
      splitSec: Number(args['mix-split'] ?? (smoke ? 0 : 3)) || undefined,
      localPostgres: app.kind === 'postgres' && isLocalHost(process.env.DATABASE_URL),
      statementTrace: args['pglite-statements'] && app.kind === 'pglite' ? statementTrace(pgliteThreadOf(app)) : undefined,
      profileDir: path.join(HERE, '.tmp/profiles', app.kind),
      log,
    },
  );
  const errors = run.overall.non2xx + run.socketErrors;
  log(
    `${app.kind}: mix: ${run.rps.toFixed(0)} req/s (${(run.rps / run.health.rps).toFixed(2)}× health ${run.health.rps.toFixed(0)} req/s), p50 ${run.overall.p50.toFixed(1)} ms, p99 ${run.overall.p99.toFixed(1)} ms, ${errors} errors, load ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  return { sizes, seedSec, copiedFrom, ...run };
}

interface PreparedDatabase {
  kind: BenchDbKind;
  app: BenchApp;
  token: string;
  seed: Awaited<ReturnType<typeof prepareAccount>>['seed'];
}

/** A server on a new database, empty. */
async function startDatabase(kind: BenchDbKind): Promise<BenchApp> {
  log(`${kind}: starting app`);
  // read by the PGlite thread when it starts
  if (args['pglite-statements']) process.env.DOCKET_PGLITE_STATEMENT_TIMES = '1';
  const app = await startBenchApp(kind, process.env.DATABASE_URL, { bcryptCost: smoke ? 4 : 10 });
  log(`${kind}: app ready on ${app.databaseLabel}`);
  return app;
}

/** The endpoint loads' big account on a started server. */
async function prepareDatabase(app: BenchApp): Promise<PreparedDatabase> {
  const { token, seed } = await prepareAccount(app);
  log(`${app.kind}: seeded ${seed.sizes.invoices} invoices, ${seed.sizes.quotes} quotes in ${(seed.ms / 1000).toFixed(1)} s`);
  return { kind: app.kind, app, token, seed };
}

/**
 * The mix's accounts on every database of the run: through the API on one (PostgreSQL when there is
 * one: its writes cost less than PGlite's), restored from its backup on the others. Before the big
 * account, as a restore needs an empty database.
 */
async function seedMixes(apps: BenchApp[]): Promise<Map<BenchApp, MixSeed>> {
  const source = apps.find((a) => a.kind === 'postgres') ?? apps[0]!;
  const seeded = await seedMix(source);
  const seeds = new Map([[source, seeded]]);
  for (const app of apps) if (app !== source) seeds.set(app, await copyMix(source, app, seeded));
  return seeds;
}

async function runDatabase({ kind, app, token, seed }: PreparedDatabase, mixSeed: MixSeed | undefined): Promise<DbRun> {
  try {
    const ids = seed.invoiceIds.filter((_, i) => i % Math.max(1, Math.floor(seed.invoiceIds.length / 100)) === 0);
    const all: Record<string, LoadTarget> = {
      // first: the same server's floor, which issue 23's "0.3× /api/health" list target divides by
      health: { name: ENDPOINT.health, method: 'GET', paths: ['/api/health'] },
      list: { name: ENDPOINT.list, method: 'GET', paths: ['/api/invoices?limit=50'], token },
      quotes: { name: ENDPOINT.quotes, method: 'GET', paths: ['/api/quotes?limit=50'], token },
      clients: { name: ENDPOINT.clients, method: 'GET', paths: ['/api/clients?limit=50'], token },
      dashboard: { name: ENDPOINT.dashboard, method: 'GET', paths: ['/api/dashboard'], token },
      one: { name: ENDPOINT.one, method: 'GET', paths: ids.map((id) => `/api/invoices/${id}`), token },
      preview: { name: ENDPOINT.preview, method: 'GET', paths: ids.map((id) => `/api/invoices/${id}/preview`), token },
      // last: it adds invoices, which the reads above should not see
      create: {
        name: ENDPOINT.create,
        method: 'POST',
        paths: ['/api/invoices'],
        token,
        body: {
          clientId: seed.clientIds[0],
          tax: 20,
          dueDate: inDays(30),
          lineItems: [
            { description: 'Labour: first fix electrics', quantity: 8, unitPrice: 45 },
            { description: 'Consumer unit replacement (18th edition)', quantity: 1, unitPrice: 420.5 },
            { description: 'Materials: sundries', quantity: 1.5, unitPrice: 12.99 },
          ],
        },
      },
    };
    const wanted = args.only?.split(',') ?? [...Object.keys(all), 'mix'];
    const keys = wanted.filter((k) => k !== 'mix');
    const targets = keys.map((k) => {
      const t = all[k];
      if (!t) throw new Error(`unknown endpoint key ${k}`);
      return t;
    });
    await preflight(app, token, targets, Math.min(50, seed.sizes.invoices));
    const load: LoadResult[] = [];
    for (const t of targets) {
      const r = args.profile ? await profiledMeasure(app, t) : await measure(app.url, t, settings);
      log(`${kind}: ${t.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`);
      load.push(r);
    }
    const mix = mixSeed ? await runMix(app, mixSeed) : undefined;
    // Chromium once per bench (first database), only in the full run: it takes seconds to start.
    const issuedPdf = await runIssuedPdfBench(app.url, token, !smoke && kind === databasesToRun()[0]);
    log(
      `${kind}: issued invoice preview ${issuedPdf.servedMedianMs.toFixed(2)} ms; draft first render ${issuedPdf.draftFirstRenderMs.toFixed(2)} ms; Chromium ${'skipped' in issuedPdf.chromium ? issuedPdf.chromium.skipped : `${issuedPdf.chromium.medianMs.toFixed(1)} ms`}`,
    );
    return { kind, databaseLabel: app.databaseLabel, seed, load, issuedPdf, mix, loadAvgAfter: os.loadavg() };
  } finally {
    await app.close();
  }
}

/**
 * The web app's own production build script, written to bench/.tmp/web-dist so a build here
 * never swaps files under someone serving apps/web/dist. NODE_ENV is forced to production: an
 * inherited development value makes Vite ship React's development runtime.
 */
const execFileAsync = promisify(execFile);

async function webSizes(): Promise<BenchReport['web']> {
  if (smoke || args['no-web-build']) {
    let sizes: ReturnType<typeof measureWebDist>;
    try {
      sizes = measureWebDist(WEB_DIST);
    } catch {
      // CI's smoke run goes beside `pnpm build`, which empties and rewrites apps/web/dist.
      return { skipped: 'apps/web/dist changed while it was measured (a build was running)' };
    }
    if (!sizes) return { skipped: 'no apps/web/dist (run pnpm --filter @docket/web build)' };
    if (!sizes.firstLoad.length) return { skipped: 'apps/web/dist/index.html loads no JavaScript' };
    return sizes;
  }
  log('building the web app (pnpm --filter @docket/web build)');
  try {
    // not synchronous: the servers in this process are being seeded meanwhile
    await execFileAsync('pnpm', ['--filter', '@docket/web', 'build', '--outDir', WEB_BENCH_DIST, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    process.stderr.write(String((err as { stderr?: string }).stderr ?? err));
    return { skipped: 'the web build failed' };
  }
  const sizes = measureWebDist(WEB_BENCH_DIST);
  if (!sizes?.firstLoad.length) return { skipped: 'the web build produced no index.html with scripts' };
  return sizes;
}

async function main() {
  const loadAvgStart = os.loadavg();
  log(`${smoke ? 'smoke' : 'full'} run, load average ${loadAvgStart.map((v) => v.toFixed(2)).join(' ')}`);

  const jwt = benchJwtVerify(smoke ? 5_000 : 50_000, smoke ? 3 : 5);
  log(`JWT verify: ${jwt.medianUs.toFixed(2)} µs per request, ${jwt.firstSightUs.toFixed(2)} µs on first sight`);

  const roundTrips = await measureRoundTrips(smoke ? 500 : 5_000);
  log(
    `round trip to another process: ${roundTrips.otherProcess.wallUs.toFixed(0)} µs (${roundTrips.otherProcess.cpuUs.toFixed(0)} µs of CPU); within the process: ${roundTrips.sameProcess.wallUs.toFixed(0)} µs`,
  );

  const bareServer = await startBareExpress();
  const bare = await measure(bareServer.url, { name: 'bare Express', method: 'GET', paths: ['/bare'] }, settings).finally(() => bareServer.close());
  log(`bare Express: ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`);

  // a partial run (--only) measures what it names: no template renders, no build for idle memory
  const partial = args.only !== undefined;
  // The web build's sizes and the built server's idle memory are sizes, not timings: they are
  // taken while the databases are seeded (which times nothing) and are done before anything is
  // timed. One after the other: the idle server is measured on the build the bench just made.
  const sideWork = (async () => {
    const web = await webSizes();
    let idle: IdleMemory = { skipped: smoke ? 'smoke run' : '--only run' };
    if (!smoke && !partial) {
      log('idle memory of the built server as pnpm start runs it (fresh data folder, then a restart)');
      idle = await measureIdleMemory(ROOT).catch((err: unknown) => ({ skipped: err instanceof Error ? err.message : String(err) }));
      if (!('skipped' in idle)) log(`idle memory: ${idle.firstStartMb.toFixed(0)} MB on a first start, ${idle.restartMb.toFixed(0)} MB on a restart`);
    }
    return { web, idle };
  })();
  // settled here, awaited below: a failure to start a database must not leave it unhandled
  sideWork.catch(() => undefined);

  // Every database set up and seeded first, then each measured alone; each server closes once
  // measured.
  const apps: BenchApp[] = [];
  const runs: DbRun[] = [];
  try {
    const started = await Promise.allSettled(databasesToRun().map(startDatabase));
    // every server that did start is closed (finally) when another failed to
    for (const p of started) if (p.status === 'fulfilled') apps.push(p.value);
    const failed = started.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    const mixWanted = (args.only?.split(',') ?? ['mix']).includes('mix');
    const mixSeeds = mixWanted ? await seedMixes(apps) : new Map<BenchApp, MixSeed>();
    const prepared = await Promise.all(apps.map(prepareDatabase));
    await sideWork;
    for (const next of prepared) {
      // runDatabase closes its server, whatever happens
      apps.splice(apps.indexOf(next.app), 1);
      runs.push(await runDatabase(next, mixSeeds.get(next.app)));
    }
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }

  log('PDF templates');
  const pdf = partial ? { skipped: '--only run' } : await runPdfBench(smoke);
  const { web, idle } = await sideWork;

  const report: BenchReport = {
    mode: smoke ? 'smoke' : 'full',
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown CPU',
      cores: os.cpus().length,
      memGb: os.totalmem() / 1024 ** 3,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
    },
    loadAvgStart,
    loadAvgEnd: os.loadavg(),
    settings,
    jwt,
    roundTrips,
    bare,
    runs,
    pdf,
    web,
    idle,
    totalSec: (performance.now() - t0) / 1000,
  };
  const outFile = path.resolve(ROOT, args.out ?? (smoke ? 'bench/.tmp/smoke-results.md' : 'bench/results.md'));
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, renderReport(report, keptNotes(outFile)));
  log(`wrote ${path.relative(ROOT, outFile)}`);
  if (smoke) log('smoke run: every endpoint answered; targets are judged only by a full run');
  else for (const c of checkTargets(report)) log(`${c.met ? 'met   ' : 'MISSED'} ${c.target}: ${c.measured}`);

  const failed = [bare, ...runs.flatMap((r) => r.load)].filter((l) => l.errors > 0 || l.requests === 0);
  if (failed.length) {
    for (const f of failed) log(`FAILED ${f.name}: ${f.requests} requests, ${f.errors} errors ${JSON.stringify(f.statusCodes)}`);
    process.exitCode = 1;
  }
  // the mix expects zero errors: any non-2xx or socket error fails the run (smoke included)
  for (const r of runs) {
    const m = r.mix;
    if (!m) continue;
    if (m.overall.requests === 0 || m.overall.non2xx + m.socketErrors > 0) {
      const bad = Object.entries(m.kinds)
        .filter(([, k]) => k && k.non2xx > 0)
        .map(([kind, k]) => `${kind} ${JSON.stringify(k!.statusCodes)}`);
      log(`FAILED mix on ${r.kind}: ${m.overall.requests} requests, ${m.overall.non2xx} non-2xx (${bad.join('; ')}), ${m.socketErrors} socket errors`);
      process.exitCode = 1;
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  // a failure mid-run leaves servers, database threads and job timers open: exit rather than wait on them
  process.exit(1);
});
