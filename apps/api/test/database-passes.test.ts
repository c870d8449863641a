import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE, ONE_DATABASE, leftOut } from './database-passes.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(API_DIR, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => path.relative(API_DIR, path.join(e.parentPath, e.name)));
}

/** What a file reaches through relative imports, itself included. */
function reachable(file: string): string[] {
  const seen = new Set<string>();
  const visit = (abs: string) => {
    if (seen.has(abs) || !existsSync(abs)) return;
    seen.add(abs);
    const text = readFileSync(abs, 'utf8');
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)) visit(path.resolve(path.dirname(abs), m[1]!));
  };
  visit(path.join(API_DIR, file));
  return [...seen];
}

/** Signs that a file uses the test database, Redis, or a server process that inherits them. */
const DATABASE_SIGNS = [/TEST_DATABASE_URL/, /process\.env\.REDIS_URL/, /\bcreateTestApp\b/, /\bopenDatabase\(/, /\bopenPgliteAt\(/, /\bstartServer\(/];

const signsIn = (file: string) =>
  reachable(file).flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    return DATABASE_SIGNS.filter((sign) => sign.test(text)).map((sign) => `${path.relative(API_DIR, f)} ${sign.source}`);
  });

describe('which files each database pass runs', () => {
  const all = [...testFiles('src'), ...testFiles('test')];

  it('when a file is named in test/database-passes.ts, then it exists and is named once', () => {
    const named = [...DATABASE_FREE, ...Object.keys(ONE_DATABASE)];
    expect(named.filter((f) => !all.includes(f))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it('when a file is listed as database-free, then nothing it imports touches the test database, Redis or a server process', () => {
    expect(DATABASE_FREE.flatMap((f) => signsIn(f).map((sign) => `${f}: ${sign}`))).toEqual([]);
  });

  it('when a file uses the database, then the signs are found (the check above can fail)', () => {
    expect(signsIn('src/modules/health/health.http.test.ts').join(' ')).toContain('createTestApp');
    expect(reachable('src/pdf/render-pdf.test.ts').length).toBeGreaterThan(5);
    expect(signsIn('test/adversarial/crash-pglite.test.ts').join(' ')).toContain('startServer');
  });

  it('when the passes are put together, then every test file runs in at least one and most database files in both', () => {
    const pglite = all.filter((f) => !leftOut('pglite').includes(f));
    const postgres = all.filter((f) => !leftOut('postgres').includes(f));
    expect(all.filter((f) => !pglite.includes(f) && !postgres.includes(f))).toEqual([]);
    const both = postgres.filter((f) => pglite.includes(f));
    expect(both.length).toBeGreaterThan(all.length / 2);
  });
});
