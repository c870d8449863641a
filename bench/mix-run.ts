import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LoadResult, LoadSettings } from './api-load.ts';
import { topFunctions, withCpuProfile } from './cpu-profile.ts';
import { databaseCpuMs } from './database-cpu.ts';
import { mainThreadCpuMs } from './thread-cpu.ts';
import { MIX_KINDS, MIX_WEIGHTS, splitWeights, type KindStats, type MixAccount, type MixKind } from './mix.ts';
import type { MixClientOptions, MixClientResult } from './mix-client.ts';

const execFileAsync = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const CLIENT = path.join(HERE, 'mix-client.ts');

export interface MixSizes {
  accounts: number;
  invoicesPerAccount: number;
  clientsPerAccount: number;
  quotesPerAccount: number;
}
export const MIX_FULL_SIZES: MixSizes = { accounts: 20, invoicesPerAccount: 200, clientsPerAccount: 20, quotesPerAccount: 20 };
export const MIX_SMOKE_SIZES: MixSizes = { accounts: 3, invoicesPerAccount: 8, clientsPerAccount: 3, quotesPerAccount: 2 };

export interface MixRun {
  sizes: MixSizes;
  /** seconds the accounts took to set up through the API (on the database they were copied from, if they were) */
  seedSec: number;
  /** the database whose accounts were restored into this one from its backup, and how long the restore took */
  copiedFrom?: { databaseLabel: string; restoreSec: number };
  /** distinct GET paths the accounts' pools can name (ids, filters, pages), roughly */
  weights: Partial<Record<MixKind, number>>;
  health: LoadResult;
  durationSec: number;
  rps: number;
  overall: KindStats;
  kinds: Partial<Record<MixKind, KindStats>>;
  socketErrors: number;
  serverCpuMsPerRequest: number;
  /** of serverCpuMsPerRequest, the main thread's (the rest: PGlite's thread, PDF workers, GC helpers, libuv's pool) */
  mainThreadCpuMsPerRequest: number;
  /** the load generator's own CPU: it runs on the same two cores */
  clientCpuMsPerRequest: number;
  /** the local PostgreSQL server's CPU over the mix's requests (NaN on PGlite or a remote server) */
  databaseCpuMsPerRequest: number;
  loadAvgBefore: number[];
  loadAvgAfter: number[];
  /** top self-time functions per kind, when profiled */
  profiles?: Partial<Record<MixKind | 'all', string[]>>;
  /** each kind alone, not profiled: the server's CPU ms per request of that kind (--mix-kind-cpu) */
  kindCpu?: Partial<Record<MixKind, { requests: number; cpuMsPerRequest: number; databaseCpuMsPerRequest: number }>>;
  /** the mix's reads alone, then its writes alone, after everything else (--mix-split) */
  split?: Record<'reads' | 'writes', MixSplitPart>;
}

/** One part of the mix run alone: its throughput and the CPU per request of each side. */
export interface MixSplitPart {
  /** the part's share of the mix's weights, in percent */
  sharePercent: number;
  requests: number;
  rps: number;
  serverCpuMsPerRequest: number;
  mainThreadCpuMsPerRequest: number;
  /** NaN on PGlite or a remote server */
  databaseCpuMsPerRequest: number;
  clientCpuMsPerRequest: number;
}

type Api = <T>(method: string, path: string, body?: unknown, token?: string) => Promise<T>;

const TOWNS = ['London', 'Manchester', 'Leeds', 'Bristol', 'Glasgow', 'Cardiff', 'Norwich', 'York'];
const TRADES = ['Plumbing', 'Electrical', 'Joinery', 'Roofing', 'Building', 'Decorating', 'Heating', 'Landscaping'];
const WORK = ['Labour: first fix', 'Consumer unit replacement', 'Boiler service', 'Copper pipe 15mm (per metre)', 'Skip hire', 'Tiling (per m²)'];

const COMPANY = {
  email: 'hello@business.example',
  phone: '0161 496 0000',
  address: '12 Mill Lane\nManchester\nM1 2AB',
  vatNumber: 'GB123456789',
  terms: 'Payment within 30 days of the invoice date.',
  currency: 'GBP',
  template: 'modern',
  quoteNumberPrefix: 'Q',
  invoiceNumberPrefix: 'INV',
  defaultTaxRate: 20,
  bankDetails: { bankName: 'Barclays', accountName: 'Business Ltd', accountNumber: '12345678', sortCode: '12-34-56' },
};

/**
 * One business set up entirely through the API, as its owner would: registration, company,
 * clients, quotes, invoices (60% sent, a third of those paid in full), then the cursors of its
 * later list pages.
 */
async function seedOneAccount(api: Api, i: number, sizes: MixSizes, stamp: string): Promise<MixAccount> {
  let n = i * 7919;
  const next = () => (n = (n * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const { token } = await api<{ token: string }>('POST', '/api/auth/register', {
    email: `mix-${stamp}-${i}@example.co.uk`,
    password: 'bench-password-1',
  });
  await api('POST', '/api/company', { ...COMPANY, name: `${pick(TOWNS)} ${pick(TRADES)} ${i}` }, token);
  const clientIds: string[] = [];
  const searchTerms = new Set<string>();
  for (let c = 0; c < sizes.clientsPerAccount; c++) {
    const town = pick(TOWNS);
    const trade = pick(TRADES);
    const client = await api<{ id: string }>(
      'POST',
      '/api/clients',
      {
        name: `${town} ${trade} ${String(c + 1).padStart(3, '0')} Ltd`,
        email: `accounts${c + 1}@client${i}.example`,
        address: `${c + 1} High Street\n${town}`,
      },
      token,
    );
    clientIds.push(client.id);
    searchTerms.add(town);
    searchTerms.add(trade);
  }
  const lineItems = () =>
    Array.from({ length: 1 + Math.floor(next() * 5) }, () => ({
      description: pick(WORK),
      quantity: pick([1, 1, 2, 3, 1.5]),
      unitPrice: 50 + Math.floor(next() * 850),
    }));
  const quoteIds: string[] = [];
  for (let q = 0; q < sizes.quotesPerAccount; q++) {
    const quote = await api<{ id: string }>('POST', '/api/quotes', { clientId: pick(clientIds), tax: 20, lineItems: lineItems() }, token);
    quoteIds.push(quote.id);
    if (next() < 0.5) await api('PATCH', `/api/quotes/${quote.id}/send`, undefined, token);
  }
  const draftIds: string[] = [];
  const issuedIds: string[] = [];
  for (let v = 0; v < sizes.invoicesPerAccount; v++) {
    const inv = await api<{ id: string; total: number }>(
      'POST',
      '/api/invoices',
      {
        clientId: pick(clientIds),
        tax: next() < 0.85 ? 20 : 0,
        lineItems: lineItems(),
      },
      token,
    );
    if (next() < 0.4) {
      draftIds.push(inv.id);
      continue;
    }
    // a draft has no number (given at issue): the number searched for is the sent invoice's
    const sent = await api<{ invoiceNumber: string | null }>('PATCH', `/api/invoices/${inv.id}/send`, undefined, token);
    if (v % 10 === 0 && sent.invoiceNumber) searchTerms.add(sent.invoiceNumber);
    if (next() < 0.33) await api('POST', `/api/invoices/${inv.id}/payments`, { amount: inv.total }, token);
    else issuedIds.push(inv.id);
  }
  const laterPages: string[] = [];
  for (const base of ['/api/invoices?limit=50', '/api/invoices?limit=50&status=PAID', '/api/quotes?limit=50']) {
    let page = await api<{ nextCursor: string | null }>('GET', base, undefined, token);
    for (let p = 0; p < 3 && page.nextCursor; p++) {
      const pathWithCursor = `${base}&cursor=${encodeURIComponent(page.nextCursor)}`;
      laterPages.push(pathWithCursor);
      page = await api('GET', pathWithCursor, undefined, token);
    }
  }
  return { token, clientIds, draftIds, issuedIds, quoteIds, searchTerms: [...searchTerms], laterPages };
}

/** Accounts seeded `parallel` at a time (each one's own requests in order, as one person works). */
export async function seedMixAccounts(api: Api, sizes: MixSizes, parallel = 4): Promise<MixAccount[]> {
  const stamp = Date.now().toString(36);
  const accounts: MixAccount[] = new Array(sizes.accounts);
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, sizes.accounts) }, async () => {
      while (nextIndex < sizes.accounts) {
        const i = nextIndex++;
        accounts[i] = await seedOneAccount(api, i, sizes, stamp);
      }
    }),
  );
  return accounts;
}

export interface MixLoad {
  connections: number;
  durationSec: number;
  warmupSec: number;
  amount?: number;
}

/** One run of the mix client; the CPU this process spent meanwhile is the server's. */
export async function runMixClient(
  url: string,
  accounts: MixAccount[],
  weights: Partial<Record<MixKind, number>>,
  load: { connections: number; durationSec: number; amount?: number },
  seed: number,
  replay?: string,
) {
  const dir = path.join(HERE, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `mix-options-${process.pid}-${seed}.json`);
  const options: MixClientOptions = { url, connections: load.connections, durationSec: load.durationSec, amount: load.amount, weights, accounts, seed, replay };
  writeFileSync(file, JSON.stringify(options));
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuMs();
  const dbBefore = databaseCpuMs();
  try {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', CLIENT, file], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const cpu = process.cpuUsage(cpuBefore);
    return {
      result: JSON.parse(stdout) as MixClientResult,
      cpuMs: (cpu.user + cpu.system) / 1000,
      mainThreadCpuMs: mainThreadCpuMs() - mainBefore,
      dbCpuMs: databaseCpuMs() - dbBefore,
    };
  } finally {
    rmSync(file, { force: true });
  }
}

interface StatementTime {
  text: string;
  calls: number;
  ms: number;
  params?: unknown[];
  plan?: string;
}
/** The embedded database's time per statement text (--pglite-statements), and a statement's plan as it runs. */
export interface StatementTrace {
  /** the time per text since the last call */
  times: () => Promise<StatementTime[]>;
  /** EXPLAIN ANALYZE of the statement with these values, rolled back */
  explain: (text: string, params: unknown[]) => Promise<string>;
}

/** A statement's text for a log line: the session check every read begins with (cache/session-read.ts) left out. */
function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  if (!flat.startsWith('with session_ as (')) return flat.slice(0, 160);
  let depth = 0;
  for (let i = 'with session_ as '.length; i < flat.length; i++) {
    if (flat[i] === '(') depth++;
    else if (flat[i] === ')' && --depth === 0) return `[session] ${flat.slice(i + 1, i + 161)}`;
  }
  return flat.slice(0, 160);
}

/** The statements PGlite's thread spent most time in, per mix request, with the share of its busy time. */
async function logStatementTimes(trace: StatementTrace, requests: number, log?: (s: string) => void) {
  const times = (await trace.times()).sort((a, b) => b.ms - a.ms);
  const total = times.reduce((s, t) => s + t.ms, 0);
  // the plans of the costliest, as PostgreSQL ran them on this data (writes rolled back)
  for (const t of times.slice(0, 12)) {
    if (!['BEGIN', 'COMMIT', 'ROLLBACK'].includes(t.text))
      t.plan = await trace.explain(t.text, t.params ?? []).catch((e: Error) => `not explained: ${e.message}`);
  }
  const lines = times
    .slice(0, 25)
    .map(
      (t) =>
        `${((t.ms / requests) * 1000).toFixed(0).padStart(5)} µs/req ${((100 * t.ms) / total).toFixed(1).padStart(5)}% ${String(t.calls).padStart(6)} calls ${((t.ms / t.calls) * 1000).toFixed(0).padStart(6)} µs each  ${shortText(t.text)}`,
    );
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '.tmp/pglite-statements.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ requests, statements: times }, null, 1));
  log?.(
    `PGlite's thread in statements: ${(total / requests).toFixed(2)} ms per mix request (every text in ${path.relative(process.cwd(), file)})\n${lines.join('\n')}`,
  );
}

/**
 * GET /api/health replayed by the mix's own load generator: the yardstick and the mix pay the same
 * client on the machine's cores (a warm-up run first, discarded, as for every load).
 */
async function measureHealth(url: string, settings: LoadSettings): Promise<LoadResult> {
  const load = { connections: settings.connections, durationSec: settings.durationSec, amount: settings.amount };
  if (settings.warmupSec > 0) await runMixClient(url, [], {}, { ...load, durationSec: settings.warmupSec, amount: undefined }, 0, '/api/health');
  const { result: r, cpuMs } = await runMixClient(url, [], {}, load, 0, '/api/health');
  const requests = r.overall.requests;
  return {
    name: 'GET /api/health',
    requests,
    rps: requests / Math.max(r.durationSec, 0.001),
    p50: r.overall.p50,
    p99: r.overall.p99,
    avg: r.overall.mean,
    errors: r.overall.non2xx + r.socketErrors,
    statusCodes: r.overall.statusCodes,
    serverCpuMsPerRequest: requests > 0 ? cpuMs / requests : Number.NaN,
  };
}

/**
 * The mix on one server: /api/health first (the same server's floor, same run), a warm-up of
 * the mix, then the measured mix; with `profileSec`, each kind alone for that long under the
 * CPU profiler, its top self-time functions kept.
 */
export async function measureMix(
  url: string,
  accounts: MixAccount[],
  load: MixLoad,
  healthSettings: LoadSettings,
  options: {
    profileSec?: number;
    profileDir?: string;
    /** seconds of each kind alone, unprofiled, to measure its server CPU per request */
    kindCpuSec?: number;
    /** seconds of the mix's reads alone, then of its writes alone, last (the writes add rows) */
    splitSec?: number;
    /** the app's database is a PostgreSQL server on this machine: count its processes' CPU too */
    localPostgres?: boolean;
    log?: (s: string) => void;
    weights?: Partial<Record<MixKind, number>>;
    /** PGlite's time per statement text since the last call (--pglite-statements): logged for the measured mix */
    statementTrace?: StatementTrace;
  } = {},
): Promise<Omit<MixRun, 'sizes' | 'seedSec'>> {
  // PGlite's CPU is the app process's own; a PostgreSQL server idling beside it is not its database
  const perRequest = (dbCpuMs: number, requests: number) => (options.localPostgres && requests ? dbCpuMs / requests : Number.NaN);
  const weights = options.weights ?? MIX_WEIGHTS;
  const loadAvgBefore = os.loadavg();
  const health = await measureHealth(url, healthSettings);
  if (load.warmupSec > 0) {
    // The PDF workers first: started from source, each compiles the renderer through tsx (seconds
    // of CPU on a busy machine, which a bundled server does not spend); the mix must not pay it.
    if (weights.previewDraft) await runMixClient(url, accounts, { previewDraft: 1 }, { connections: load.connections, durationSec: load.warmupSec }, 0);
    await runMixClient(url, accounts, weights, { connections: load.connections, durationSec: load.warmupSec }, 1);
  }
  await options.statementTrace?.times();
  const { result, cpuMs, mainThreadCpuMs: mainCpuMs, dbCpuMs } = await runMixClient(url, accounts, weights, load, 2);
  if (options.statementTrace) await logStatementTimes(options.statementTrace, result.overall.requests, options.log);
  const loadAvgAfter = os.loadavg();
  const run: Omit<MixRun, 'sizes' | 'seedSec'> = {
    weights,
    health,
    durationSec: result.durationSec,
    rps: result.overall.requests / Math.max(result.durationSec, 0.001),
    overall: result.overall,
    kinds: result.kinds,
    socketErrors: result.socketErrors,
    serverCpuMsPerRequest: result.overall.requests ? cpuMs / result.overall.requests : Number.NaN,
    mainThreadCpuMsPerRequest: result.overall.requests ? mainCpuMs / result.overall.requests : Number.NaN,
    clientCpuMsPerRequest: result.overall.requests ? result.cpuMs / result.overall.requests : Number.NaN,
    databaseCpuMsPerRequest: perRequest(dbCpuMs, result.overall.requests),
    loadAvgBefore,
    loadAvgAfter,
  };
  if (options.kindCpuSec) {
    run.kindCpu = {};
    for (const kind of MIX_KINDS) {
      if (!weights[kind]) continue;
      // unmeasured first: the PDF pool ends idle workers after a minute, and a worker started from
      // source compiles the renderer (seconds of CPU a bundled server does not spend)
      const pdf = kind === 'previewIssued' || kind === 'previewDraft';
      await runMixClient(url, accounts, { [kind]: 1 }, { connections: load.connections, durationSec: pdf ? 3 : 1 }, 5);
      const alone = await runMixClient(url, accounts, { [kind]: 1 }, { connections: load.connections, durationSec: options.kindCpuSec }, 4);
      const requests = alone.result.overall.requests;
      run.kindCpu[kind] = {
        requests,
        cpuMsPerRequest: requests ? alone.cpuMs / requests : Number.NaN,
        databaseCpuMsPerRequest: perRequest(alone.dbCpuMs, requests),
      };
      options.log?.(
        `cpu ${kind}: ${run.kindCpu[kind]!.cpuMsPerRequest.toFixed(2)} ms per request${options.localPostgres ? ` (PostgreSQL ${run.kindCpu[kind]!.databaseCpuMsPerRequest.toFixed(2)})` : ''} over ${requests} requests`,
      );
    }
  }
  if (options.profileSec && options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    run.profiles = {};
    // the mix itself first: kinds alone keep what a cache holds, the mix's writes do not let it
    const mixed = path.join(options.profileDir, 'mix-all.cpuprofile');
    await withCpuProfile(mixed, () => runMixClient(url, accounts, weights, { connections: load.connections, durationSec: options.profileSec! }, 3));
    run.profiles.all = topFunctions(JSON.parse(readFileSync(mixed, 'utf8')), 6);
    options.log?.(`profile of the mix: ${run.profiles.all.join('; ')}`);
    for (const kind of MIX_KINDS) {
      if (!weights[kind]) continue;
      const file = path.join(options.profileDir, `mix-${kind}.cpuprofile`);
      await withCpuProfile(file, () => runMixClient(url, accounts, { [kind]: 1 }, { connections: load.connections, durationSec: options.profileSec! }, 3));
      run.profiles[kind] = topFunctions(JSON.parse(readFileSync(file, 'utf8')), 6);
      options.log?.(`profile ${kind}: ${run.profiles[kind]!.join('; ')}`);
    }
  }
  if (options.splitSec) {
    const parts = splitWeights(weights);
    const totalWeight = Object.values(weights).reduce<number>((a, b) => a + (b ?? 0), 0);
    const measured: Partial<Record<'reads' | 'writes', MixSplitPart>> = {};
    for (const name of ['reads', 'writes'] as const) {
      const part = parts[name];
      const partWeight = Object.values(part).reduce<number>((a, b) => a + (b ?? 0), 0);
      if (!partWeight) continue;
      await runMixClient(url, accounts, part, { connections: load.connections, durationSec: 1 }, 6);
      const r = await runMixClient(url, accounts, part, { connections: load.connections, durationSec: options.splitSec }, 7);
      const n = r.result.overall.requests;
      const per = (ms: number) => (n ? ms / n : Number.NaN);
      measured[name] = {
        sharePercent: (100 * partWeight) / totalWeight,
        requests: n,
        rps: n / Math.max(r.result.durationSec, 0.001),
        serverCpuMsPerRequest: per(r.cpuMs),
        mainThreadCpuMsPerRequest: per(r.mainThreadCpuMs),
        databaseCpuMsPerRequest: perRequest(r.dbCpuMs, n),
        clientCpuMsPerRequest: per(r.result.cpuMs),
      };
      options.log?.(`mix ${name} alone: ${measured[name]!.rps.toFixed(0)} req/s, server ${measured[name]!.serverCpuMsPerRequest.toFixed(2)} ms per request`);
    }
    if (measured.reads && measured.writes) run.split = { reads: measured.reads, writes: measured.writes };
  }
  return run;
}
