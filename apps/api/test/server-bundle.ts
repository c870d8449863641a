import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The tests that run the server as its own process run the bundle `pnpm start` ships, built once per
 * run by the global setup: a process starts in about half the CPU that tsx's loader needs to compile
 * the sources at every start (docs/reliability.md, "CI passes and test databases"). Each run has its
 * own folder, so a build for the journeys beside the PostgreSQL pass is never rewritten under a
 * running server; it sits inside apps/api so the bundle's dependencies resolve from node_modules.
 */
export function buildServerBundle(): { dir: string; remove: () => void } {
  const dir = path.join(API_DIR, '.test-build', String(process.pid));
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', dir], { cwd: API_DIR, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the API bundle for server-process tests did not build:\n${built.stdout}${built.stderr}`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The command line that starts the server bundle of this run. */
export function serverCommand(): string[] {
  const dir = inject('serverBundle');
  if (!dir) throw new Error('no server bundle: test/global-setup.ts builds it');
  return [path.join(dir, 'server.js')];
}
