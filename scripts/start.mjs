// `pnpm start`: build the web app and the API only when their sources changed since the last
// build, then run the server (README, "Quick start"). The sources are hashed by content (the
// web, API and schema sources, the lockfile and the build configuration), so a restart with
// nothing changed skips the minute-long build and starts in a few seconds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash } from './start-hash.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const stampFile = path.join(root, 'node_modules/.cache/docket/build-hash.json');
const outputs = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

const say = (line) => console.log(`[start] ${line}`);

const { hash, files } = sourceHash(root);
const stamp = readStamp();
const missing = outputs.filter((o) => !existsSync(path.join(root, o)));
if (stamp?.hash === hash && missing.length === 0) {
  say(`Sources unchanged since the build of ${new Date(stamp.builtAt).toLocaleString('en-GB')} (${files} files hashed): reusing it.`);
} else {
  const why = !stamp ? 'no build yet' : missing.length ? `${missing.join(' and ')} missing` : 'the sources changed since the last build';
  say(`Building the web app and the API (${why}). A first build takes about a minute; later starts reuse it while nothing changes.`);
  const started = Date.now();
  const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
  const built = spawnSync(pnpm, ['build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    say('The build failed: see the messages above.');
    process.exit(built.status ?? 1);
  }
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
  say(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

say('Starting the server…');
const server = spawn(process.execPath, ['--expose-gc', '--v8-pool-size=1', path.join(root, 'apps/api/dist/server.js')], { cwd: root, stdio: 'inherit' });
// The server drains on SIGTERM/SIGINT itself: pass the signal on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
