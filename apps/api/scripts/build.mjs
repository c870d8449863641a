// Bundle the API into dist/ (one ESM file plus its SQL migrations) so `pnpm start`
// runs plain node without a TypeScript loader. Dependencies stay external (node_modules).
// `--outdir <dir>` bundles elsewhere: the API tests' server processes run a bundle of their own
// (test/server-bundle.ts), so a build for the journeys running beside them is never rewritten
// under a running server. The folder must sit inside apps/api for node_modules to resolve.
import { build } from 'esbuild';
import { cpSync, rmSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@docket/'));

const flag = process.argv.indexOf('--outdir');
const outdir = flag > 0 ? path.resolve(process.argv[flag + 1]) : path.join(root, 'dist');
rmSync(outdir, { recursive: true, force: true });
await build({
  // The PDF render pool loads render-worker.js from beside server.js (src/pdf/render-pool.ts).
  // A fresh PGlite data folder is created by prepare-data-dir.js in a child process (src/db/fresh-data-dir.ts).
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'render-worker': path.join(root, 'src/pdf/render-worker.ts'),
    // The import pool loads import-worker.js from beside server.js (src/modules/imports/import-pool.ts).
    'import-worker': path.join(root, 'src/modules/imports/import-worker.ts'),
    'prepare-data-dir': path.join(root, 'src/db/prepare-data-dir.ts'),
    // The embedded database's thread loads pglite-worker.js from beside server.js (src/db/pglite-thread.ts).
    'pglite-worker': path.join(root, 'src/db/pglite-worker.mjs'),
    // `node dist/backup-cli.js backup|restore`: the shipped build backs up and restores without tsx.
    'backup-cli': path.join(root, 'src/db/backup-cli.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
for (const extra of ['src/pdf/fonts']) {
  try {
    cpSync(path.join(root, extra), path.join(outdir, path.basename(extra)), { recursive: true });
  } catch {
    /* optional asset folder */
  }
}
console.log(
  `api: built server.js, render-worker.js, import-worker.js, prepare-data-dir.js, pglite-worker.js and backup-cli.js in ${path.relative(process.cwd(), outdir) || '.'}`,
);
