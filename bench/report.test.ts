import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkTargets,
  cpuSplit,
  draftPreviewCheck,
  ENDPOINT,
  keptNotes,
  mixChecks,
  mixFromParts,
  renderReport,
  splitTable,
  type BenchReport,
  type DbRun,
} from './report.ts';
import type { MixRun } from './mix-run.ts';

const load = { name: 'x', requests: 10, rps: 10, p50: 1, p99: 2, avg: 1, errors: 0, statusCodes: { 200: 10 }, serverCpuMsPerRequest: 0.1 };
const report: BenchReport = {
  mode: 'full',
  date: '2026-11-22T14:00:00.000Z',
  machine: { cpu: 'cpu', cores: 2, memGb: 4, os: 'Linux', node: 'v20' },
  loadAvgStart: [1, 1, 1],
  loadAvgEnd: [1, 1, 1],
  settings: { durationSec: 1, warmupSec: 0, connections: 1 },
  jwt: { medianUs: 1, minUs: 1, iterations: 1, firstSightUs: 5 },
  bare: load,
  runs: [],
  pdf: { skipped: 'test' },
  web: { skipped: 'test' },
  totalSec: 1,
};

describe('results notes', () => {
  it('when the results file is rewritten, then the hand-written notes between the markers survive', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
    const file = path.join(dir, 'results.md');
    writeFileSync(file, renderReport(report, '### Before/after\n- JWT 12 µs to 0.1 µs'));
    writeFileSync(file, renderReport(report, keptNotes(file)));
    expect(keptNotes(file)).toBe('### Before/after\n- JWT 12 µs to 0.1 µs');
  });

  it('when there is no results file yet, then there are no notes', () => {
    expect(keptNotes(path.join(tmpdir(), 'does-not-exist', 'results.md'))).toBe('');
  });
});

describe('list targets (issue 23)', () => {
  const run = (listRps: number, listP99: number, healthRps: number): BenchReport => ({
    ...report,
    runs: [
      {
        kind: 'postgres',
        databaseLabel: 'PostgreSQL',
        seed: { sizes: { invoices: 10, quotes: 1, clients: 1, events: 0 } } as unknown as DbRun['seed'],
        load: [
          { ...load, name: ENDPOINT.health, rps: healthRps },
          { ...load, name: ENDPOINT.list, rps: listRps, p99: listP99 },
        ],
        loadAvgAfter: [1, 1, 1],
      },
    ],
  });
  const listMet = (r: BenchReport) => checkTargets(r).find((c) => c.target.startsWith(ENDPOINT.list))!.met;

  it('when the list reaches 2,000 req/s within 40 ms p99, then it is met whatever /api/health does', () => {
    expect(listMet(run(2100, 35, 20_000))).toBe(true);
    expect(listMet(run(2100, 45, 20_000))).toBe(false);
  });

  it('when the machine is loaded, then 0.3× /api/health on the same server meets it and less does not', () => {
    expect(listMet(run(310, 80, 1000))).toBe(true);
    expect(listMet(run(290, 80, 1000))).toBe(false);
  });
});

describe('mix targets (issue 38)', () => {
  const stats = (p99: number, non2xx = 0) => ({ requests: 100, p50: 5, p99, mean: 6, non2xx, statusCodes: { 200: 100 - non2xx } });
  const mix = (rps: number, healthRps: number, p99: number, kinds: MixRun['kinds'] = { list: stats(p99) }, non2xx = 0): MixRun => ({
    sizes: { accounts: 2, invoicesPerAccount: 2, clientsPerAccount: 1, quotesPerAccount: 1 },
    seedSec: 1,
    weights: { list: 1 },
    health: { ...load, rps: healthRps },
    durationSec: 10,
    rps,
    overall: stats(p99, non2xx),
    kinds,
    socketErrors: 0,
    serverCpuMsPerRequest: 1,
    mainThreadCpuMsPerRequest: 0.75,
    clientCpuMsPerRequest: 0.5,
    databaseCpuMsPerRequest: Number.NaN,
    loadAvgBefore: [1, 1, 1],
    loadAvgAfter: [1, 1, 1],
  });
  const dbRun = (kind: DbRun['kind'], m: MixRun): DbRun => ({
    kind,
    databaseLabel: kind,
    seed: { sizes: { invoices: 1, quotes: 1, clients: 1, events: 0 } } as unknown as DbRun['seed'],
    load: [],
    mix: m,
    loadAvgAfter: [1, 1, 1],
  });

  it('when PostgreSQL serves 0.25× health within 150 ms p99, then it is met, and below either it is not', () => {
    expect(mixChecks(dbRun('postgres', mix(250, 1000, 150)))[0]!.met).toBe(true);
    expect(mixChecks(dbRun('postgres', mix(249, 1000, 150)))[0]!.met).toBe(false);
    expect(mixChecks(dbRun('postgres', mix(500, 1000, 151)))[0]!.met).toBe(false);
  });

  it('when PGlite serves 0.2× health within 250 ms p99, then it is met (its own, looser target)', () => {
    expect(mixChecks(dbRun('pglite', mix(200, 1000, 250)))[0]!.met).toBe(true);
    expect(mixChecks(dbRun('pglite', mix(199, 1000, 250)))[0]!.met).toBe(false);
  });

  it('when any answer is not 2xx, then the mix target is missed however fast', () => {
    expect(mixChecks(dbRun('postgres', mix(900, 1000, 10, undefined, 1)))[0]!.met).toBe(false);
  });

  it('when one kind has p99 over 300 ms, then the per-kind target names it as missed', () => {
    const check = mixChecks(dbRun('postgres', mix(500, 1000, 100, { list: stats(20), previewDraft: stats(301) })))[1]!;
    expect(check.met).toBe(false);
    expect(check.measured).toContain('previewDraft');
    expect(mixChecks(dbRun('postgres', mix(500, 1000, 100, { list: stats(20), previewDraft: stats(300) })))[1]!.met).toBe(true);
  });

  it('when a draft preview is 10× faster than Chromium on the same draft, then it is met, and 9.9× is not', () => {
    const pdf = (served: number, chromium: number) => ({
      servedMedianMs: 1,
      chromium: { medianMs: 30, draftMedianMs: chromium },
      draftServedMedianMs: served,
      draftFirstRenderMs: 4,
      runs: 1,
    });
    expect(draftPreviewCheck(pdf(3, 30)).met).toBe(true);
    expect(draftPreviewCheck(pdf(3, 29.7)).met).toBe(false);
    expect(draftPreviewCheck({ ...pdf(3, 30), chromium: { skipped: 'smoke run' } }).met).toBe(false);
  });

  it('when a report has a mix, then its weights, per-kind table and targets are written', () => {
    const text = renderReport({ ...report, runs: [dbRun('postgres', mix(300, 1000, 100))] }, '');
    expect(text).toContain('## Realistic mix (issue 38)');
    expect(text).toContain('| list | 100% |');
    expect(text).toContain('ratio **0.30×**');
    expect(text).toContain('Mix (PostgreSQL): ≥ 0.25×');
  });
});

describe('the CPU split of a mix request', () => {
  it('when every part is known, then each is shown with its share of the whole', () => {
    expect(cpuSplit({ serverCpuMsPerRequest: 3, mainThreadCpuMsPerRequest: 2, databaseCpuMsPerRequest: 4, clientCpuMsPerRequest: 1 })).toBe(
      "CPU per mix request, 8.00 ms in all: the app's main thread 2.00 ms (25%), the app's other threads (PGlite's own on PGlite, PDF workers, GC helpers, libuv) 1.00 ms (13%), PostgreSQL 4.00 ms (50%), the load generator 1.00 ms (13%).",
    );
  });

  it('when the database runs inside the app (PGlite), then it is not a part of its own', () => {
    expect(cpuSplit({ serverCpuMsPerRequest: 3, mainThreadCpuMsPerRequest: 2, databaseCpuMsPerRequest: Number.NaN, clientCpuMsPerRequest: 1 })).toContain(
      'in all: the app',
    );
    expect(cpuSplit({ serverCpuMsPerRequest: 3, mainThreadCpuMsPerRequest: 2, databaseCpuMsPerRequest: Number.NaN, clientCpuMsPerRequest: 1 })).not.toContain(
      'PostgreSQL',
    );
  });

  it('when the main thread could not be read (no /proc), then nothing is claimed', () => {
    expect(cpuSplit({ serverCpuMsPerRequest: 3, mainThreadCpuMsPerRequest: Number.NaN, databaseCpuMsPerRequest: 1, clientCpuMsPerRequest: 1 })).toBeNull();
  });
});

describe('reads against writes (--mix-split)', () => {
  const part = (rps: number, server: number, db: number) => ({
    sharePercent: 0,
    requests: rps * 10,
    rps,
    serverCpuMsPerRequest: server,
    mainThreadCpuMsPerRequest: server / 2,
    databaseCpuMsPerRequest: db,
    clientCpuMsPerRequest: 0.2,
  });

  const mixed = { rps: 500, health: { rps: 3500 } as MixRun['health'] };

  it('when the split was not measured, then there is no table', () => {
    expect(splitTable(mixed)).toEqual([]);
  });

  it('when both parts were measured on PostgreSQL, then each row adds the app, the database and the load generator', () => {
    const lines = splitTable({
      ...mixed,
      split: { reads: { ...part(842, 1.22, 0.56), sharePercent: 81 }, writes: { ...part(353, 2.35, 1.98), sharePercent: 19 } },
    });
    expect(lines.find((l) => l.startsWith('| reads '))).toBe('| reads | 81% | 842 | 0.24× | 1.98 | 1.22 (0.61) | 0.56 | 0.20 |');
    expect(lines.find((l) => l.startsWith('| writes '))).toBe('| writes | 19% | 353 | 0.10× | 4.53 | 2.35 (1.18) | 1.98 | 0.20 |');
  });

  it("when the database is PGlite (its CPU is the app's own), then there is no PostgreSQL column and nothing is added for it", () => {
    const lines = splitTable({
      ...mixed,
      split: { reads: { ...part(500, 2.5, Number.NaN), sharePercent: 50 }, writes: { ...part(200, 5, Number.NaN), sharePercent: 50 } },
    });
    expect(lines.some((l) => l.includes('PostgreSQL'))).toBe(false);
    expect(lines.find((l) => l.startsWith('| reads '))).toBe('| reads | 50% | 500 | 0.14× | 2.70 | 2.50 (1.25) | 0.20 |');
  });

  it('when the mix measured beats what its parts make alone, then the difference is signed', () => {
    const lines = splitTable({
      rps: 700,
      health: mixed.health,
      split: { reads: { ...part(842, 1, 1), sharePercent: 81 }, writes: { ...part(353, 1, 1), sharePercent: 19 } },
    });
    expect(lines.at(-1)).toMatch(/measured mixed: 700 req\/s \(0\.20×\), \+5% against that\.$/);
  });

  it('when the parts were measured, then the mix they would make alone is their shares over their speeds, set against the mix measured', () => {
    // 81 reads at 842 req/s and 19 writes at 353 req/s: (81/842 + 19/353) / 100 s a request
    expect(mixFromParts({ reads: { ...part(842, 1, 1), sharePercent: 81 }, writes: { ...part(353, 1, 1), sharePercent: 19 } })).toBeCloseTo(666.6, 1);
    const lines = splitTable({ ...mixed, split: { reads: { ...part(842, 1, 1), sharePercent: 81 }, writes: { ...part(353, 1, 1), sharePercent: 19 } } });
    expect(lines.at(-1)).toBe(
      'The two parts at their own speeds, with nothing between them, would serve the mix at 667 req/s (0.19× health); measured mixed: 500 req/s (0.14×), -25% against that.',
    );
  });
});
