import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { leftOut } from './test/database-passes.ts';

const pass = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A file that starts server processes (itself or through a helper it imports): the slowest kind. */
function startsProcesses(file: string): boolean {
  const text = readFileSync(file, 'utf8');
  const helpers = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
  return [text, ...helpers.filter(existsSync).map((f) => readFileSync(f, 'utf8'))].some((t) => /\bstartServer\(|\bspawn\(/.test(t));
}

/** Small files that work through 100,000 rows: after the server-process files, the longest. */
const LONG_FILES = ['src/modules/exports/exports.memory.test.ts', 'src/modules/imports/imports.others-wait.test.ts'].map((f) =>
  path.resolve(import.meta.dirname, f),
);

/**
 * vitest runs the longest files first once it has timings, but a fresh clone (CI) has none and
 * starts with the largest files; the server-process files and the 100,000-row files are small and
 * take the longest, and one left for the end runs alone on one core. They go first.
 */
class ProcessFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = new Set(sorted.filter((f) => startsProcesses(f.moduleId) || LONG_FILES.includes(f.moduleId)));
    return [...first, ...sorted.filter((f) => !first.has(f))];
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The PostgreSQL pass runs only what depends on the database (test/database-passes.ts).
    exclude: [...configDefaults.exclude, ...leftOut(pass)],
    // One limit for every test, there to end a hang, not to judge speed (speed is the bench's job):
    // wide enough for the slowest honest test (a server process killed and restarted, a 100,000-row
    // import and export, the PDF property test) on a loaded 2-core machine, so no test carries its own.
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two workers on two cores (vitest's default leaves one core idle in a run): PGlite runs inside
    // the worker, so a worker is busy, not waiting. On PostgreSQL a worker waits on the server's
    // processes for about half its time (docs/reliability.md, "CI passes"), so a third fills that.
    maxWorkers: pass === 'postgres' ? 3 : 2,
    // One process and one module graph per worker for all its files, as a long-running server
    // shares them between requests: the app, PGlite's WebAssembly and the PDF render pool (its
    // threads and fonts) load once per worker instead of once per file. Each file still opens a
    // database of its own (test-app.ts). The font bug that sharing once exposed is fixed in
    // src/pdf/fonts.ts (docs/reliability.md, "CI passes and test databases").
    isolate: false,
    sequence: { sequencer: ProcessFilesFirst },
    // Only the server-process files mark tests concurrent (each test its own database and processes,
    // mostly waiting on them); three at a time keeps their processes' start-up from crowding out
    // the other worker on two cores.
    maxConcurrency: 3,
    globalSetup: ['test/global-setup.ts'],
    env: { LOG_LEVEL: 'silent' },
  },
});
