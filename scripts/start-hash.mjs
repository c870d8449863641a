// The content hash `pnpm start` (scripts/start.mjs) keeps its build under: the web, API and
// schema sources without tests, the lockfile and every build configuration file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the build reads: sources, the lockfile and every build configuration file. */
export const INPUTS = [
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'tsconfig.base.json',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/index.html',
  'apps/web/client-link.html',
  'apps/web/src',
  'apps/web/public',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'apps/api/scripts',
  'apps/api/src',
  'packages/schemas/package.json',
  'packages/schemas/src',
];
/** Tests never reach the build: changing one does not rebuild. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

function filesUnder(root, rel) {
  const full = path.join(root, rel);
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !isTest(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)))
    .filter((p) => !p.split(path.sep).includes('node_modules'));
}

/** The SHA-256 of the build's inputs under `root`, and how many files went into it. */
export function sourceHash(root) {
  const files = INPUTS.flatMap((rel) => {
    const full = path.join(root, rel);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? filesUnder(root, rel) : [rel];
  }).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length };
}
