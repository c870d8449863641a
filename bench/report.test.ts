import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTargets, ENDPOINT, keptNotes, renderReport, type BenchReport, type DbRun } from './report.ts';

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
