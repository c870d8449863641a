import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { prepareFreshDataDir } from './fresh-data-dir.ts';
import { openDatabase, queryRows } from './client.ts';

const root = mkdtempSync(path.join(tmpdir(), 'docket-fresh-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a fresh PGlite data folder is created in a child process', () => {
  it('when the folder is empty, then a child creates the database with every migration and it opens as usual', async () => {
    const dataDir = path.join(root, 'fresh');
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    expect(await prepareFreshDataDir(dir)).toBe('prepared');
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['pglite']); // no staging folder left beside it
    const handle = await openDatabase({ dataDir });
    try {
      const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(row!.n).toBeGreaterThan(10);
      expect(await queryRows(handle.db, sql`select 1 from kept_answers`)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('when the folder already holds anything, then it is left as it is', async () => {
    const dir = path.join(root, 'used', 'pglite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'something'), 'x');
    expect(await prepareFreshDataDir(dir)).toBe('left');
    expect(readdirSync(dir)).toEqual(['something']);
  });

  it('when the child cannot create it, then nothing is left behind for the server to trip on', async () => {
    // the folder's parent is a file: the child fails to make its staging folder there
    const parent = path.join(root, 'a-file');
    writeFileSync(parent, 'x');
    expect(await prepareFreshDataDir(path.join(parent, 'pglite'))).toBe('left');
    expect(readdirSync(root).filter((n) => n.includes('.new-'))).toEqual([]);
  });
});
