import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

// Browser journeys against the production build: one server and one worker for the run
// (support/global-setup.ts), long timeouts. CI runs them beside the API suite on PostgreSQL,
// which keeps the other core busy (.ci/run).
export default defineConfig({
  root: here,
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: [path.join(here, 'support/global-setup.ts')],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // A module graph per journey file: with one shared graph (isolate: false) the forgotten-password
    // journey failed in every full run and passed alone; the saving was about a second per file.
    isolate: true,
    // One limit for every journey and hook, there to end a hang: wide enough for the slowest honest
    // one (a journey that starts and restarts servers of its own) on a loaded machine.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
