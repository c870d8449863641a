import { rmSync } from 'node:fs';
import { describe } from 'vitest';
import { defineCrashTests } from './durability-support.ts';
import { serverDataDir } from './processes.ts';

describe('the real server process on PGlite on disk', () => {
  defineCrashTests('crash-pglite', async () => {
    // Started from the migrated template: the subject is the crash, not the first start.
    const dir = serverDataDir('docket-crash-', { migrated: true });
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  });
});
