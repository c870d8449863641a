import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceHash } from '../../../scripts/start-hash.mjs';

/** issue 34, point 12: `pnpm start` rebuilds only when what the build reads has changed. */
function fakeRepo() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docket-start-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('package.json', '{"name":"docket"}');
  write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
  write('apps/web/vite.config.ts', 'export default {};\n');
  write('apps/web/src/main.tsx', 'console.log(1);\n');
  write('apps/api/src/server.ts', 'export {};\n');
  write('apps/api/src/server.test.ts', 'test\n');
  write('apps/api/node_modules/x/index.js', 'module.exports = 1;\n');
  write('packages/schemas/src/money.ts', 'export const a = 1;\n');
  return { root, write };
}

describe('the start script build hash', () => {
  it('when nothing changes, then the hash is the same; a test file or node_modules changing keeps it', () => {
    const { root, write } = fakeRepo();
    const first = sourceHash(root);
    expect(sourceHash(root)).toEqual(first);
    expect(first.files).toBe(6);
    write('apps/api/src/server.test.ts', 'another test\n');
    write('apps/api/node_modules/x/index.js', 'module.exports = 2;\n');
    expect(sourceHash(root).hash).toBe(first.hash);
  });

  it('when a source, the lockfile or the build configuration changes, then the hash changes', () => {
    const { root, write } = fakeRepo();
    const seen = new Set([sourceHash(root).hash]);
    for (const [rel, text] of [
      ['apps/web/src/main.tsx', 'console.log(2);\n'],
      ['packages/schemas/src/money.ts', 'export const a = 2;\n'],
      ['apps/api/src/new-module.ts', 'export {};\n'],
      ['pnpm-lock.yaml', 'lockfileVersion: 9.1\n'],
      ['apps/web/vite.config.ts', 'export default { base: "/" };\n'],
    ] as const) {
      write(rel, text);
      const { hash } = sourceHash(root);
      expect(seen.has(hash), rel).toBe(false);
      seen.add(hash);
    }
  });
});
