import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type IdleMemory = { firstStartMb: number; restartMb: number; settleSec: number; nodeFlags: string[] } | { skipped: string };

/**
 * The node flags `pnpm start` runs the server with, read from the root package.json (or the start
 * script it runs) so the two never drift.
 */
export function startFlags(root: string): string[] {
  const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const node = /node ((?:--[\w-]+(?:=\S+)? )*)apps\/api\/dist\/server\.js/.exec(start);
  if (node) return node[1]!.trim().split(/\s+/).filter(Boolean);
  // `node scripts/start.mjs`: the script builds when needed, then spawns the server with its flags
  const script = /^node (\S+\.m?js)$/.exec(start);
  const text = script && existsSync(path.join(root, script[1]!)) ? readFileSync(path.join(root, script[1]!), 'utf8') : '';
  const spawned = /spawn\(process\.execPath, \[((?:'--[\w=.-]+', )*)path\.join\(root, 'apps\/api\/dist\/server\.js'\)/.exec(text);
  if (!spawned) throw new Error(`cannot read the node flags of "pnpm start": ${start}`);
  return [...spawned[1]!.matchAll(/'(--[\w=.-]+)'/g)].map((m) => m[1]!);
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) / 1024;
};

async function idleOnce(root: string, flags: string[], dataDir: string, port: number, settleSec: number): Promise<number> {
  const child = spawn(process.execPath, [...flags, path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((exitCode = code), resolve())));
  const gone = () => {
    const lines = stderr.split('\n').filter((l) => l.trim());
    return new Error(`the built server exited (code ${exitCode}) before it was measured: ${lines.find((l) => /Error/.test(l)) ?? lines.at(-1) ?? 'no output'}`);
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exitCode !== undefined) throw gone();
      if (Date.now() > deadline) throw new Error('the built server did not answer /api/health within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // past the server's second start-up collection (10 s after it listens)
    await new Promise((r) => setTimeout(r, settleSec * 1000));
    if (exitCode !== undefined) throw gone();
    return rssMb(child.pid!);
  } finally {
    if (exitCode === undefined) child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Issue 23's idle memory: the built server as `pnpm start` runs it (same node flags), on a fresh
 * data folder and then restarted over it, resident memory (VmRSS) `settleSec` after it first
 * answers. Linux only (/proc); builds the API first.
 */
export async function measureIdleMemory(root: string, settleSec = 12): Promise<IdleMemory> {
  if (!existsSync('/proc/self/status')) return { skipped: 'no /proc (not Linux)' };
  // built now: a dist left from older sources would measure other code
  // not synchronous: the bench's servers in this process are being seeded meanwhile
  await promisify(execFile)('pnpm', ['--filter', '@docket/api', 'build'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const flags = startFlags(root);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'docket-idle-'));
  const port = 4700 + Math.floor(Math.random() * 200);
  try {
    const firstStartMb = await idleOnce(root, flags, dataDir, port, settleSec);
    const restartMb = await idleOnce(root, flags, dataDir, port, settleSec);
    return { firstStartMb, restartMb, settleSec, nodeFlags: flags };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
