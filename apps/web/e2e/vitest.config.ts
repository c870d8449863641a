import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * vitest runs the longest files first once it has timings, but a fresh clone (CI) has none and
 * starts with the largest files; the journeys that start servers of their own are short files and
 * among the slowest, and one left for the end runs alone in one worker. They go first.
 */
class OwnServersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = new Set(sorted.filter((f) => /\bstartApp\(/.test(readFileSync(f.moduleId, 'utf8'))));
    return [...first, ...sorted.filter((f) => !first.has(f))];
  }
}

// Browser journeys against the production build: one shared server for the run
// (support/global-setup.ts), long timeouts. CI runs them beside the e-invoice matrix, after the API
// suite on PostgreSQL (.ci/run; beside that suite they were starved into a timeout).
//
// Two workers: a journey waits much of its time on other processes (its browser, the server, a
// server of its own starting), and the other worker's file runs meanwhile. One at a time the 28
// files took 611 s wall for 330 s of CPU in CI; beside the API suite on PostgreSQL on this 2-core
// machine, with other work on it, 553 s wall / 187 s CPU one at a time (load average 8-13) against
// 255 s / 135 s in two workers (load 5-15) and 414 s / 145 s (load 19-21). Every journey
// registers users of its own, so files sharing the server do not see each other's data.
// docs/reliability.md, "CI passes and test databases".
export default defineConfig({
  root: here,
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: [path.join(here, 'support/global-setup.ts')],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    // One process and module graph per worker: playwright-core and the support files load once per
    // worker, not once per file (a run's import time 24-38 s → 4-17 s). With a shared graph the
    // forgotten-password journey once failed in every full run; it has passed in every run since
    // its own race was fixed (it filled the sign-in form's Email field while the lazy page loaded).
    isolate: false,
    sequence: { sequencer: OwnServersFirst },
    // One limit for every journey and hook, there to end a hang: wide enough for the slowest honest
    // one (a journey that starts and restarts servers of its own) on a loaded machine.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
