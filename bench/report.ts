import { existsSync, readFileSync } from 'node:fs';
import type { LoadResult, LoadSettings } from './api-load.ts';
import type { JwtResult } from './jwt.ts';
import type { SeedResult } from './seed.ts';
import type { WebSizes } from './web-size.ts';
import type { PdfBenchRow } from './pdf.ts';
import type { IssuedPdfBench } from './pdf-issued.ts';
import type { IdleMemory } from './idle-memory.ts';
import type { MixRun, MixSplitPart } from './mix-run.ts';
import type { RoundTrips } from './round-trip.ts';
import { MIX_DESCRIPTIONS, MIX_KINDS, drawnShares, type MixKind } from './mix.ts';

export interface DbRun {
  kind: 'pglite' | 'postgres';
  databaseLabel: string;
  seed: SeedResult;
  load: LoadResult[];
  issuedPdf?: IssuedPdfBench;
  /** the realistic mix (issue 38); absent in reports written before it */
  mix?: MixRun;
  loadAvgAfter: number[];
}

export interface Machine {
  cpu: string;
  cores: number;
  memGb: number;
  os: string;
  node: string;
}

export interface BenchReport {
  mode: 'full' | 'smoke';
  date: string;
  machine: Machine;
  loadAvgStart: number[];
  loadAvgEnd: number[];
  settings: LoadSettings;
  jwt: JwtResult;
  /** absent in reports written before it was measured */
  roundTrips?: RoundTrips;
  bare: LoadResult;
  runs: DbRun[];
  pdf: PdfBenchRow[] | { skipped: string };
  web: WebSizes | { skipped: string };
  /** absent in reports written before it was measured */
  idle?: IdleMemory;
  totalSec: number;
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

export const TARGETS = {
  listRps: 2_000,
  listP99Ms: 40,
  /** or at least this share of GET /api/health's requests/s on the same server in the same run */
  listVsHealth: 0.3,
  pgliteListRps: 500,
  dashboardP99Ms: 50,
  jwtUs: 10,
  firstLoadKb: 150,
  issuedPdfVsChromium: 20,
  draftFirstRenderMs: 10,
  idleRssMb: 250,
  totalSec: 300,
  /** issue 38: the realistic mix against the same server's /api/health in the same run */
  mixVsHealth: { postgres: 0.25, pglite: 0.2 },
  mixP99Ms: { postgres: 150, pglite: 250 },
  mixKindP99Ms: 300,
  draftPreviewVsChromium: 10,
};

const DB_NAME = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;

/** The mix's own targets on one database (issue 38): share of /api/health, p99, every kind's p99, no errors. */
export function mixChecks(run: DbRun): TargetCheck[] {
  const m = run.mix;
  if (!m) return [];
  const db = DB_NAME[run.kind];
  const share = m.health.rps > 0 ? m.rps / m.health.rps : Number.NaN;
  const errors = m.overall.non2xx + m.socketErrors;
  const kinds = (Object.entries(m.kinds) as [MixKind, NonNullable<MixRun['kinds'][MixKind]>][]).filter(([, k]) => k.requests > 0);
  const worst = kinds.reduce<[MixKind, number] | undefined>((w, [kind, k]) => (!w || k.p99 > w[1] ? [kind, k.p99] : w), undefined);
  return [
    {
      target: `Mix (${db}): ≥ ${TARGETS.mixVsHealth[run.kind]}× ${ENDPOINT.health} with p99 ≤ ${TARGETS.mixP99Ms[run.kind]} ms, no errors`,
      measured: `${m.rps.toFixed(0)} req/s = ${share.toFixed(2)}× ${ENDPOINT.health} (${m.health.rps.toFixed(0)} req/s), p99 ${ms(m.overall.p99)} ms, ${errors} errors`,
      met: share >= TARGETS.mixVsHealth[run.kind] && m.overall.p99 <= TARGETS.mixP99Ms[run.kind] && errors === 0,
    },
    {
      target: `Mix (${db}): no kind's p99 above ${TARGETS.mixKindP99Ms} ms`,
      measured: worst ? `slowest: ${worst[0]} p99 ${ms(worst[1])} ms` : 'not measured',
      met: !!worst && worst[1] <= TARGETS.mixKindP99Ms,
    },
  ];
}

/** A draft's preview over HTTP against warm Chromium printing the same draft (issue 38). */
export function draftPreviewCheck(x: IssuedPdfBench | undefined): TargetCheck {
  const chromium = x && !('skipped' in x.chromium) ? x.chromium.draftMedianMs : undefined;
  const served = x?.draftServedMedianMs;
  const ratio = chromium !== undefined && served ? chromium / served : Number.NaN;
  return {
    target: `Draft invoice preview over HTTP ≥ ${TARGETS.draftPreviewVsChromium}× faster than warm Chromium printing the same draft`,
    measured: Number.isFinite(ratio) ? `${ratio.toFixed(1)}× (${ms(served!)} ms vs ${ms(chromium!)} ms)` : 'not measured (no Chromium)',
    met: ratio >= TARGETS.draftPreviewVsChromium,
  };
}

/** Endpoint names as used in the load targets and the tables. */
export const ENDPOINT = {
  health: 'GET /api/health',
  list: 'GET /api/invoices?limit=50',
  quotes: 'GET /api/quotes?limit=50',
  clients: 'GET /api/clients?limit=50',
  dashboard: 'GET /api/dashboard',
  one: 'GET /api/invoices/{id}',
  create: 'POST /api/invoices',
  preview: 'GET /api/invoices/{id}/preview',
} as const;

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '–');
const cpu = (l: LoadResult) => (Number.isFinite(l.serverCpuMsPerRequest) ? l.serverCpuMsPerRequest.toFixed(3) : '–');
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');

/** Targets are judged on PostgreSQL when it ran (the issue's condition), else on PGlite. */
export function checkTargets(r: BenchReport): TargetCheck[] {
  const run = r.runs.find((x) => x.kind === 'postgres') ?? r.runs[0];
  const on = run ? ` (${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})` : '';
  const find = (name: string) => run?.load.find((l) => l.name === name);
  const checks: TargetCheck[] = [];
  const health = find(ENDPOINT.health);
  // issue 23: ≥ 2000 req/s with p99 ≤ 40 ms, or (on a loaded machine) ≥ 0.3× the same server's /api/health
  const listCheck = (name: string, l: LoadResult | undefined): TargetCheck => {
    const share = l && health ? l.rps / health.rps : NaN;
    return {
      target: `${name}${on}: ≥ ${TARGETS.listRps} req/s with p99 ≤ ${TARGETS.listP99Ms} ms, or ≥ ${TARGETS.listVsHealth}× ${ENDPOINT.health} (no errors)`,
      measured: l
        ? `${l.rps.toFixed(0)} req/s, p99 ${ms(l.p99)} ms, ${l.errors} errors; ${Number.isFinite(share) ? `${share.toFixed(2)}× ${ENDPOINT.health} (${health!.rps.toFixed(0)} req/s)` : `${ENDPOINT.health} not measured`}`
        : 'not measured',
      met: !!l && l.errors === 0 && ((l.rps >= TARGETS.listRps && l.p99 <= TARGETS.listP99Ms) || share >= TARGETS.listVsHealth),
    };
  };
  checks.push(listCheck(ENDPOINT.list, find(ENDPOINT.list)));
  // issue 23 names the quotes and clients lists with the same target as the invoices list
  for (const key of ['quotes', 'clients'] as const) {
    const l = find(ENDPOINT[key]);
    if (l) checks.push(listCheck(ENDPOINT[key], l));
  }
  const embedded = r.runs.find((x) => x.kind === 'pglite')?.load.find((l) => l.name === ENDPOINT.list);
  if (embedded) {
    checks.push({
      target: `${ENDPOINT.list} (PGlite): ≥ ${TARGETS.pgliteListRps} req/s`,
      measured: `${embedded.rps.toFixed(0)} req/s, p99 ${ms(embedded.p99)} ms, ${embedded.errors} errors`,
      met: embedded.rps >= TARGETS.pgliteListRps && embedded.errors === 0,
    });
  }
  const dash = find(ENDPOINT.dashboard);
  checks.push({
    target: `${ENDPOINT.dashboard}${on} with ${run?.seed.sizes.invoices ?? 0} invoices: p99 ≤ ${TARGETS.dashboardP99Ms} ms`,
    measured: dash ? `p99 ${ms(dash.p99)} ms, ${dash.errors} errors` : 'not measured',
    met: !!dash && dash.p99 <= TARGETS.dashboardP99Ms && dash.errors === 0,
  });
  const issued = r.runs.find((x) => x.issuedPdf && !('skipped' in x.issuedPdf.chromium))?.issuedPdf;
  const chromiumMs = issued && !('skipped' in issued.chromium) ? issued.chromium.medianMs : NaN;
  checks.push({
    target: `Issued invoice preview over HTTP ≥ ${TARGETS.issuedPdfVsChromium}× faster than warm Chromium printing its HTML`,
    measured: issued
      ? `${(chromiumMs / issued.servedMedianMs).toFixed(1)}× (${ms(issued.servedMedianMs)} ms vs ${ms(chromiumMs)} ms)`
      : 'not measured (no Chromium)',
    met: !!issued && chromiumMs / issued.servedMedianMs >= TARGETS.issuedPdfVsChromium,
  });
  checks.push(draftPreviewCheck(issued));
  for (const x of r.runs) checks.push(...mixChecks(x));
  const draft = r.runs.find((x) => x.issuedPdf)?.issuedPdf;
  checks.push({
    target: `A draft's first render (10 lines) ≤ ${TARGETS.draftFirstRenderMs} ms in-process`,
    measured: draft ? `${ms(draft.draftFirstRenderMs)} ms (median)` : 'not measured',
    met: !!draft && draft.draftFirstRenderMs <= TARGETS.draftFirstRenderMs,
  });
  checks.push({
    target: `JWT verification ≤ ${TARGETS.jwtUs} µs per request`,
    measured: `${r.jwt.medianUs.toFixed(2)} µs (median batch; best ${r.jwt.minUs.toFixed(2)} µs); first sight of a token ${r.jwt.firstSightUs.toFixed(2)} µs`,
    met: r.jwt.medianUs <= TARGETS.jwtUs,
  });
  const idle = r.idle ?? { skipped: 'not measured' };
  checks.push({
    target: `Idle resident memory of \`pnpm start\` (PGlite) ≤ ${TARGETS.idleRssMb} MB, first start and restart`,
    measured:
      'skipped' in idle
        ? `not measured (${idle.skipped})`
        : `${idle.firstStartMb.toFixed(0)} MB first start, ${idle.restartMb.toFixed(0)} MB restart (VmRSS ${idle.settleSec} s after it answers; node ${idle.nodeFlags.join(' ')})`,
    met: !('skipped' in idle) && idle.firstStartMb <= TARGETS.idleRssMb && idle.restartMb <= TARGETS.idleRssMb,
  });
  checks.push({
    target: `First load ≤ ${TARGETS.firstLoadKb} kB gzipped JavaScript`,
    measured: 'skipped' in r.web ? `not measured (${r.web.skipped})` : `${kb(r.web.firstLoadGzip)} kB`,
    met: !('skipped' in r.web) && r.web.firstLoadGzip <= TARGETS.firstLoadKb * 1000,
  });
  checks.push({
    target: `\`pnpm bench\` finishes in under ${TARGETS.totalSec / 60} minutes`,
    measured: `${r.totalSec.toFixed(0)} s`,
    met: r.totalSec < TARGETS.totalSec,
  });
  return checks;
}

const NOTES_START = '<!-- notes:start (kept across runs: profiling, before/after) -->';
const NOTES_END = '<!-- notes:end -->';

/** The hand-written notes of an existing results file, so a re-run keeps them. */
export function keptNotes(file: string): string {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const a = text.indexOf(NOTES_START);
  const b = text.indexOf(NOTES_END);
  return a >= 0 && b > a ? text.slice(a + NOTES_START.length, b).trim() : '';
}

/**
 * Where the machine's cores went per mix request: the app's main thread (which answers), its other
 * threads (PGlite's own, PDF render workers, V8's garbage-collector helpers, libuv's pool), the local PostgreSQL
 * server and the load generator, which shares the same cores. Null when a part is not known.
 */
export function cpuSplit(
  m: Pick<MixRun, 'serverCpuMsPerRequest' | 'mainThreadCpuMsPerRequest' | 'databaseCpuMsPerRequest' | 'clientCpuMsPerRequest'>,
): string | null {
  const main = m.mainThreadCpuMsPerRequest;
  if (!Number.isFinite(main) || !Number.isFinite(m.serverCpuMsPerRequest) || !Number.isFinite(m.clientCpuMsPerRequest)) return null;
  const parts: [string, number][] = [
    ["the app's main thread", main],
    ["the app's other threads (PGlite's own on PGlite, PDF workers, GC helpers, libuv)", m.serverCpuMsPerRequest - main],
    ...(Number.isFinite(m.databaseCpuMsPerRequest) ? ([['PostgreSQL', m.databaseCpuMsPerRequest]] as [string, number][]) : []),
    ['the load generator', m.clientCpuMsPerRequest],
  ];
  const total = parts.reduce((sum, [, v]) => sum + v, 0);
  return `CPU per mix request, ${total.toFixed(2)} ms in all: ${parts.map(([name, v]) => `${name} ${v.toFixed(2)} ms (${((100 * v) / total).toFixed(0)}%)`).join(', ')}.`;
}

/**
 * The mix's throughput if each part ran at its own speed alone, with nothing between them: a request
 * of a part takes 1/rps of the server, so the mix takes the shares' weighted sum of those.
 */
export function mixFromParts(split: NonNullable<MixRun['split']>): number {
  const parts = [split.reads, split.writes];
  const total = parts.reduce((sum, x) => sum + x.sharePercent, 0);
  return total / parts.reduce((sum, x) => sum + x.sharePercent / x.rps, 0);
}

/**
 * --mix-split: the mix's reads alone, then its writes alone (same accounts and connections, after
 * everything else), each with its CPU per request in all and its throughput against the same
 * server's /api/health; then the mix those parts would make with nothing between them, against the
 * mix measured. Empty when not measured.
 */
export function splitTable(m: Pick<MixRun, 'split' | 'rps' | 'health'>): string[] {
  if (!m.split) return [];
  const withDb = Object.values(m.split).some((x) => Number.isFinite(x.databaseCpuMsPerRequest));
  const all = (x: MixSplitPart) => x.serverCpuMsPerRequest + (withDb ? x.databaseCpuMsPerRequest : 0) + x.clientCpuMsPerRequest;
  const ofHealth = (rps: number) => `${(rps / m.health.rps).toFixed(2)}×`;
  const lines = [
    `Reads against writes (\`--mix-split\`): the mix's reads alone, then its writes alone, each kind at its weight, after the measured mix. CPU per request in all: the app${withDb ? ', PostgreSQL' : ''} and the load generator; ÷ health: against ${ENDPOINT.health} measured before the mix.`,
    '',
    `| Part | Share of the weights | Req/s | ÷ health | CPU ms/request in all | App (main thread) |${withDb ? ' PostgreSQL |' : ''} Load generator |`,
    `|---|---|---|---|---|---|${withDb ? '---|' : ''}---|`,
  ];
  for (const name of ['reads', 'writes'] as const) {
    const x = m.split[name];
    lines.push(
      `| ${name} | ${x.sharePercent.toFixed(0)}% | ${x.rps.toFixed(0)} | ${ofHealth(x.rps)} | ${all(x).toFixed(2)} | ${x.serverCpuMsPerRequest.toFixed(2)} (${x.mainThreadCpuMsPerRequest.toFixed(2)}) |${withDb ? ` ${x.databaseCpuMsPerRequest.toFixed(2)} |` : ''} ${x.clientCpuMsPerRequest.toFixed(2)} |`,
    );
  }
  const expected = mixFromParts(m.split);
  const against = Math.round(100 * (m.rps / expected - 1));
  lines.push(
    '',
    `The two parts at their own speeds, with nothing between them, would serve the mix at ${expected.toFixed(0)} req/s (${ofHealth(expected)} health); measured mixed: ${m.rps.toFixed(0)} req/s (${ofHealth(m.rps)}), ${against > 0 ? '+' : ''}${against}% against that.`,
  );
  return lines;
}

/** The mix's weights, then per database its figures per kind and overall, then its profiles. */
function renderMix(p: (s?: string) => void, runs: DbRun[]) {
  const first = runs[0]!.mix!;
  const totalWeight = Object.values(first.weights).reduce<number>((a, b) => a + (b ?? 0), 0);
  p('## Realistic mix (issue 38)');
  p();
  p(
    `${first.sizes.accounts} accounts, each set up through the API (registration, company, ${first.sizes.clientsPerAccount} clients, ${first.sizes.quotesPerAccount} quotes, ${first.sizes.invoicesPerAccount} invoices of 1 to 5 lines: 40% left as drafts, the rest sent and a third of those paid in full; the renders the sends queued have run before anything is measured, as a server's job queue runs them after each send). A run with both databases sets them up on PostgreSQL, and PGlite gets the same rows from its backup (src/db/backup.ts): the same accounts, sessions and kept PDFs. Every request of the load draws its kind by weight, then an account at random, then that kind's own choices (filter, search word, page, id, lines) at random (bench/mix.ts; each request built as it is sent by bench/mix-client.ts, on the small keep-alive HTTP/1.1 load generator of bench/http-load.ts, which counts an answer's body bytes instead of decoding them). ${ENDPOINT.health} is measured on the same server just before the mix, in the same run, by the same load generator; the ratio is mix ÷ health.`,
  );
  p();
  p('| Kind | Weight | What it requests |');
  p('|---|---|---|');
  for (const kind of MIX_KINDS) {
    const w = first.weights[kind];
    if (w) p(`| ${kind} | ${((100 * w) / totalWeight).toFixed(0)}% | ${MIX_DESCRIPTIONS[kind]} |`);
  }
  p();
  for (const run of runs) {
    const m = run.mix!;
    const errors = m.overall.non2xx + m.socketErrors;
    p(`### Mix on ${run.databaseLabel}`);
    p();
    p(
      `**${m.rps.toFixed(0)} req/s** over ${m.durationSec.toFixed(0)} s against ${ENDPOINT.health} **${m.health.rps.toFixed(0)} req/s** (ratio **${(m.rps / m.health.rps).toFixed(2)}×**); p50 ${ms(m.overall.p50)} ms, p99 ${ms(m.overall.p99)} ms; server CPU ${Number.isFinite(m.serverCpuMsPerRequest) ? m.serverCpuMsPerRequest.toFixed(2) : '–'} ms per request (health: ${cpu(m.health)})${Number.isFinite(m.databaseCpuMsPerRequest) ? `, and the PostgreSQL server's own processes ${m.databaseCpuMsPerRequest.toFixed(2)} ms more` : ''}; ${errors} errors (${m.overall.non2xx} non-2xx answers, ${m.socketErrors} socket errors or timeouts). ${
        m.copiedFrom
          ? `The accounts are those seeded through the API on ${m.copiedFrom.databaseLabel} (${m.seedSec.toFixed(0)} s there), restored here from its backup (src/db/backup.ts) in ${m.copiedFrom.restoreSec.toFixed(1)} s, before either database is measured.`
          : `Seeding through the API took ${m.seedSec.toFixed(0)} s, before anything is measured.`
      } Load average before / after the mix: ${load(m.loadAvgBefore)} → ${load(m.loadAvgAfter)}.`,
    );
    p();
    const cpuShares = cpuSplit(m);
    if (cpuShares) {
      p(cpuShares);
      p();
    }
    const counts: Partial<Record<MixKind, number>> = {};
    for (const [k, v] of Object.entries(m.kinds)) counts[k as MixKind] = v?.requests ?? 0;
    const shares = drawnShares(counts);
    // --mix-kind-cpu: each kind alone, unprofiled, its server CPU per request
    const alone = m.kindCpu;
    const aloneCell = (kind: MixKind) => {
      const c = alone?.[kind];
      return c && Number.isFinite(c.cpuMsPerRequest) ? ` ${c.cpuMsPerRequest.toFixed(2)} |` : ' – |';
    };
    const dbAlone = !!alone && Object.values(alone).some((c) => Number.isFinite(c?.databaseCpuMsPerRequest));
    const dbCell = (kind: MixKind) => {
      const c = alone?.[kind];
      return c && Number.isFinite(c.databaseCpuMsPerRequest) ? ` ${c.databaseCpuMsPerRequest.toFixed(2)} |` : ' – |';
    };
    p(
      `| Kind | Requests | Share drawn | Req/s | p50 ms | p99 ms | Mean ms | Non-2xx |${alone ? ' CPU ms/request alone |' : ''}${dbAlone ? ' PostgreSQL CPU ms/request alone |' : ''}`,
    );
    p(`|---|---|---|---|---|---|---|---|${alone ? '---|' : ''}${dbAlone ? '---|' : ''}`);
    for (const kind of MIX_KINDS) {
      const k = m.kinds[kind];
      if (!k) continue;
      p(
        `| ${kind} | ${k.requests} | ${(shares[kind] ?? 0).toFixed(1)}% | ${(k.requests / Math.max(m.durationSec, 0.001)).toFixed(0)} | ${ms(k.p50)} | ${ms(k.p99)} | ${ms(k.mean)} | ${k.non2xx}${k.non2xx ? ` (${JSON.stringify(k.statusCodes)})` : ''} |${alone ? aloneCell(kind) : ''}${dbAlone ? dbCell(kind) : ''}`,
      );
    }
    p(
      `| **all** | ${m.overall.requests} | 100% | ${m.rps.toFixed(0)} | ${ms(m.overall.p50)} | ${ms(m.overall.p99)} | ${ms(m.overall.mean)} | ${m.overall.non2xx} |${alone ? ` ${Number.isFinite(m.serverCpuMsPerRequest) ? m.serverCpuMsPerRequest.toFixed(2) : '–'} (mixed) |` : ''}${dbAlone ? ` ${m.databaseCpuMsPerRequest.toFixed(2)} (mixed) |` : ''}`,
    );
    const split = splitTable(m);
    if (split.length) {
      p();
      for (const line of split) p(line);
    }
    if (alone) {
      p();
      p(
        `CPU ms/request alone: each kind run alone for a few seconds after the mix (same accounts, same connections, no profiler): the server process's CPU (main thread, PDF workers and, on PGlite, the database) over its requests${dbAlone ? "; PostgreSQL CPU: the database server's processes on this machine over the same requests (read from /proc: bench/database-cpu.ts)" : ''}.`,
      );
    }
    p();
  }
  const profiled = runs.filter((x) => x.mix?.profiles);
  if (profiled.length) {
    p('## Where the mix spends its time');
    p();
    p(
      "The mix, then each kind alone, under the V8 profiler of the server thread (same accounts, same connections); the busiest functions by self time, as a share of the thread's busy (not idle) time. `(garbage collector)` and `(program)` are V8's own; PGlite's work shows as its WebAssembly functions. PDF renders run on worker threads, which this profile does not see.",
    );
    p();
    for (const run of profiled) {
      p(`### ${run.databaseLabel}`);
      p();
      const all = run.mix!.profiles!.all;
      if (all) p(`- **the mix**: ${all.join('; ')}`);
      for (const kind of MIX_KINDS) {
        const top = run.mix!.profiles![kind];
        if (top) p(`- **${kind}**: ${top.join('; ')}`);
      }
      p();
    }
  }
}

export function renderReport(r: BenchReport, notes: string): string {
  const out: string[] = [];
  const p = (s = '') => out.push(s);
  p(`# Docket benchmark results${r.mode === 'smoke' ? ' (smoke run: tiny data, not a measurement)' : ''}`);
  p();
  p('Generated by `pnpm bench` (bench/run.ts). Re-running rewrites everything except the notes section.');
  p();
  p('| | |');
  p('|---|---|');
  p(`| Date | ${r.date} |`);
  p(`| Machine | ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memGb.toFixed(1)} GB RAM, ${r.machine.os} |`);
  p(`| Node | ${r.machine.node} |`);
  p(`| Databases | ${r.runs.map((x) => x.databaseLabel).join('; ') || 'none'} |`);
  p(`| Load average (1/5/15 min) at start | ${load(r.loadAvgStart)} |`);
  p(`| Load average at end | ${load(r.loadAvgEnd)} |`);
  p(
    `| Load | autocannon, ${r.settings.connections} connections, ${r.settings.amount ? `${r.settings.amount} requests` : `${r.settings.warmupSec} s warm-up then ${r.settings.durationSec} s`} per endpoint, latency in whole ms, load generator (autocannon; the mix's own, bench/http-load.ts) in a child process, server in-process (createApp with its job queue, logging at info to /dev/null, rate limits raised; V8's helper threads at one, as pnpm start runs the server) |`,
  );
  p(`| Total run time | ${r.totalSec.toFixed(0)} s |`);
  p();
  p('The machine is shared with other work while this runs, so figures are noisy; compare the load average.');
  p();

  p('## Targets');
  p();
  if (r.mode === 'smoke') p('Not judged: a smoke run only proves every endpoint answers without errors.');
  else {
    p('| Target | Measured | Met |');
    p('|---|---|---|');
    for (const c of checkTargets(r)) p(`| ${c.target} | ${c.measured} | ${c.met ? 'yes' : '**no**'} |`);
  }
  p();

  const mixed = r.runs.filter((x) => x.mix);
  if (mixed.length) renderMix(p, mixed);

  for (const run of r.runs) {
    p(`## API under load: ${run.databaseLabel}`);
    p();
    p(
      `Seeded one account with ${run.seed.sizes.invoices} invoices (${run.seed.invoiceLines} lines), ${run.seed.sizes.quotes} quotes (${run.seed.quoteLines} lines), ${run.seed.sizes.clients} clients and ${run.seed.sizes.events} events in ${(run.seed.ms / 1000).toFixed(1)} s. Load average after: ${load(run.loadAvgAfter)}.`,
    );
    p();
    p('| Endpoint | Requests/s | p50 ms | p99 ms | Mean ms | Errors | Bare Express ÷ endpoint | Server CPU ms/request |');
    p('|---|---|---|---|---|---|---|---|');
    for (const l of run.load) {
      const ratio = l.rps > 0 ? (r.bare.rps / l.rps).toFixed(1) + '×' : '–';
      p(
        `| ${l.name} | ${l.rps.toFixed(0)} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.avg)} | ${l.errors}${l.errors ? ` (${JSON.stringify(l.statusCodes)})` : ''} | ${ratio} | ${cpu(l)} |`,
      );
    }
    p();
  }
  p('## Issued PDFs against Chromium');
  p();
  p(
    'An issued 10-line invoice previewed over HTTP one request at a time (node:http, one kept-alive connection) after its first preview (its PDF is kept, docs/product.md "Issued PDFs are kept"), against warm headless Chromium (/usr/bin/chromium, one page) printing the same invoice as HTML with setContent + pdf (backgrounds on): the page is drawn from the same document model as the PDF (bench/invoice-html.ts: the modern template\'s parts, in Inter, its fonts served with a long cache). Both sides are warmed 20 times, then timed 100 times (medians). A draft renders every time: its figure is the in-process render of a model never rendered before (the modern template, 10 lines), after three other drafts.',
  );
  p();
  p(
    '| Database | Issued preview ms (median) | Chromium ms (median) | Chromium ÷ preview | Draft preview ms (median) | Chromium draft ms | Chromium ÷ draft preview | Draft first render ms | Runs |',
  );
  p('|---|---|---|---|---|---|---|---|---|');
  for (const run of r.runs) {
    const x = run.issuedPdf;
    if (!x) continue;
    const c = 'skipped' in x.chromium ? `skipped (${x.chromium.skipped})` : ms(x.chromium.medianMs);
    const ratio = 'skipped' in x.chromium ? '–' : `${(x.chromium.medianMs / x.servedMedianMs).toFixed(1)}×`;
    const draftChromium = 'skipped' in x.chromium ? undefined : x.chromium.draftMedianMs;
    const draftServed = x.draftServedMedianMs;
    const draftRatio = draftChromium !== undefined && draftServed ? `${(draftChromium / draftServed).toFixed(1)}×` : '–';
    p(
      `| ${run.databaseLabel} | ${ms(x.servedMedianMs)} | ${c} | ${ratio} | ${draftServed === undefined ? '–' : ms(draftServed)} | ${draftChromium === undefined ? '–' : ms(draftChromium)} | ${draftRatio} | ${ms(x.draftFirstRenderMs)} | ${x.runs} |`,
    );
  }
  p();
  p('## Bare Express baseline');
  p();
  p(
    `A constant JSON from a bare Express handler in the same process under the same load: **${r.bare.rps.toFixed(0)} req/s**, p50 ${ms(r.bare.p50)} ms, p99 ${ms(r.bare.p99)} ms, ${r.bare.errors} errors, ${cpu(r.bare)} ms of server CPU per request. The ratio column above is this throughput divided by the endpoint's: how much our middleware, queries and serialisation cost compared with Express alone.`,
  );
  p();
  p(
    'Server CPU ms/request is the CPU time of the process holding the app (load generator in a child process; PGlite runs inside the app process, on a thread of its own; PostgreSQL does not) divided by the requests served. Unlike requests/s it barely moves with other work on the machine: 1000 ÷ it is what one free core could serve.',
  );
  p();

  if (r.roundTrips) {
    const { otherProcess: o, sameProcess: same, count } = r.roundTrips;
    p('## Round trips on this machine');
    p();
    p(
      `${count.toLocaleString('en-GB')} ping-pongs of 200 bytes over TCP loopback (bench/round-trip.ts): with another process **${o.wallUs.toFixed(0)} µs** each, ${o.cpuUs.toFixed(0)} µs of the caller's CPU (${o.systemUs.toFixed(0)} µs in the kernel); within one process ${same.wallUs.toFixed(0)} µs, ${same.cpuUs.toFixed(0)} µs of CPU. Every SQL statement to PostgreSQL is one round trip with another process and so is every HTTP answer: /api/health pays one, a mix request one more per statement. On a virtual machine, waking a process on an idle core is what costs; a busy machine pays less per wake-up.`,
    );
    p();
  }

  p('## JWT verification');
  p();
  p(
    `TokenService.verify (HS256) of a session's token, as the identify middleware runs it on every request: ${r.jwt.iterations.toLocaleString('en-GB')} verifications in batches, median ${r.jwt.medianUs.toFixed(2)} µs, best batch ${r.jwt.minUs.toFixed(2)} µs per request. A token seen for the first time (full jsonwebtoken check, then remembered until its expiry): ${r.jwt.firstSightUs.toFixed(2)} µs.`,
  );
  p();

  p('## PDF rendering');
  p();
  if ('skipped' in r.pdf) p(`Not measured: ${r.pdf.skipped}.`);
  else {
    p('Invoice PDFs rendered one after another in this process after warm-up (cases and sample data of `pnpm bench:pdf`).');
    p();
    p('| Template | Document | Median ms | p95 ms | Documents/s |');
    p('|---|---|---|---|---|');
    for (const row of r.pdf) {
      p(`| ${row.template} | ${row.document} | ${ms(row.medianMs)} | ${ms(row.p95Ms)} | ${row.docsPerSec.toFixed(1)} |`);
    }
  }
  p();

  p('## Web bundle (production build, gzip level 9, 1 kB = 1000 bytes)');
  p();
  if ('skipped' in r.web) p(`Not measured: ${r.web.skipped}.`);
  else {
    p(`First load (index.html entry and modulepreloads): **${kb(r.web.firstLoadGzip)} kB** gzipped.`);
    p();
    p('| Chunk | Loaded | Raw kB | Gzipped kB |');
    p('|---|---|---|---|');
    for (const c of r.web.firstLoad) p(`| ${c.file} | first load | ${kb(c.raw)} | ${kb(c.gzip)} |`);
    for (const c of r.web.lazy) p(`| ${c.file} | lazy | ${kb(c.raw)} | ${kb(c.gzip)} |`);
  }
  p();
  p('## Notes, profiling and before/after');
  p();
  p(NOTES_START);
  p(notes || '_None yet._');
  p(NOTES_END);
  p();
  return out.join('\n');
}
