import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptNotes, renderReport, type BenchReport } from './report.ts';

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
