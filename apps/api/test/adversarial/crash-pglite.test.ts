import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
import { defineCrashTests } from './durability-support.ts';

describe('the real server process on PGlite on disk', { timeout: 240_000 }, () => {
  defineCrashTests('crash-pglite', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docket-crash-'));
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  });
});
