// Gzipped JS a first visit downloads for a route: the entry chunk, the route's lazy chunk and
// every static import of those. Run after `vite build --manifest` (pnpm --filter @docket/web size).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = 'index.html';
const routes = { '/login': 'src/app/routes/login.tsx', '/dashboard': 'src/app/routes/dashboard.tsx' };

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

let failed = false;
for (const [route, key] of Object.entries(routes)) {
  const keys = closure(entryKey);
  closure(key, keys);
  // The protected shell is its own chunk: /dashboard also needs it on first load.
  if (route !== '/login') for (const k of Object.keys(manifest)) if (k.endsWith('components/layout/shell.tsx')) closure(k, keys);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  const kb = total / 1024;
  console.log(`${route}: ${kb.toFixed(1)} KB gzipped JS in ${files.length} files`);
  if (kb > 150) failed = true;
}
if (failed) {
  console.error('Over the 150 KB first-load budget');
  process.exit(1);
}
