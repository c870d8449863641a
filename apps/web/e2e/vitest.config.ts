import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

// Browser journeys against the production build: one server, one worker, long timeouts.
export default defineConfig({
  root: here,
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: [path.join(here, 'support/global-setup.ts')],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
