import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
import { defineCrashTests } from './durability-support.ts';
import { freshPostgresDatabase } from './processes.ts';

// Only where a PostgreSQL server is given (CI's second pass); the PGlite file always runs.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the real server process on PostgreSQL', () => {
  defineCrashTests('crash-postgres', async () => {
    const db = await freshPostgresDatabase({ migrated: true });
    const dir = mkdtempSync(path.join(tmpdir(), 'docket-crash-'));
    return {
      env: { DATA_DIR: dir, DATABASE_URL: db.url },
      cleanup: async () => {
        await db.drop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});
