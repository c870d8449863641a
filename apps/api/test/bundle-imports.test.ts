import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, it } from 'vitest';

/**
 * The server bundle loads some packages on demand (`import('…')`: the e-invoice library and its
 * Ajv on the first e-invoice, the database driver of the configured engine). The tests run the
 * sources through tsx, which also accepts what Node's own loader refuses (a path inside a package
 * without its `.js`), so such an import would fail only in `pnpm start`, on the first request that
 * needs it ('ajv/dist/2019' did, on 28 November). Here every package the bundle imports on demand
 * is imported by plain Node from the bundle's folder, as the server would.
 */
it('when the built server imports a package on demand, then plain Node loads it from the bundle', () => {
  const dir = inject('serverBundle');
  if (!dir) throw new Error('no server bundle: test/global-setup.ts builds it');
  const specifiers = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g)) specifiers.add(m[1]!);
  }
  expect(specifiers).toContain('@e-invoice-eu/core');
  expect(specifiers).toContain('redis');
  const probe = `
    const failed = [];
    for (const s of ${JSON.stringify([...specifiers])}) {
      try { await import(s); } catch (err) { failed.push(s + ': ' + (err.code ?? err.message)); }
    }
    console.log(JSON.stringify(failed));`;
  // An --eval module resolves its imports from the working directory: the bundle's folder.
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: dir, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual([]);
});
