import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

export interface RunningApp {
  baseURL: string;
  /** The server's signing secret, so a journey can forge an expired session token. */
  jwtSecret: string;
  stop: () => Promise<void>;
}

/**
 * Wait for the server's "running at" line (it chose its own port), then for /api/health on that port.
 * The port comes from the server itself: a port found free beforehand could be taken by another
 * worker's server, whose /api/health then answered for a server that had failed to listen.
 */
async function waitForHealth(portOf: () => number | undefined, child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    const port = portOf();
    if (port !== undefined) {
      const baseURL = `http://127.0.0.1:${port}`;
      try {
        const res = await fetch(`${baseURL}/api/health`);
        if (res.ok) return baseURL;
      } catch {
        /* not answering yet */
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${output()}`);
}

/**
 * Start the built server the way `pnpm start` does (node apps/api/dist/server.js from the
 * repo root) on a port of the OS's choosing with a throwaway PGlite DATA_DIR. Auth rate limits are raised
 * for this process only, because every journey registers its own user.
 */
export interface StartOptions {
  /** extra variables (SMTP_URL for the email journey) */
  env?: Record<string, string>;
  /** reuse a data directory (a restart); it is then left for the caller to remove */
  dataDir?: string;
  /** a migrated PGlite folder to start an empty data directory from (default: the run's, from the global setup) */
  template?: string;
}

/**
 * A migrated PGlite folder made by the built server's own preparer (dist/prepare-data-dir.js: initdb
 * and every migration), once per run: every journey's server starts from a copy instead of
 * creating its own (≈ 7 s of CPU each). The first start of an empty folder is the API suite's
 * subject (fresh-data-dir.test.ts, server.test.ts), not the journeys'.
 */
export function makePgliteTemplate(repoRoot: string): { dir: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docket-e2e-template-'));
  const dir = path.join(root, 'pglite');
  const made = spawnSync(process.execPath, ['apps/api/dist/prepare-data-dir.js', dir], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DOCKET_PREPARING_DATA_DIR: '1' },
  });
  if (made.status !== 0 || !existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`the PGlite template was not made (status ${made.status})`);
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export async function startApp(repoRoot: string, options: StartOptions = {}): Promise<RunningApp & { dataDir: string }> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'docket-e2e-'));
  const template = options.template ?? (process.env.VITEST_WORKER_ID ? inject('pgliteTemplate') : undefined);
  const pglite = path.join(dataDir, 'pglite');
  if (template && !(existsSync(pglite) && readdirSync(pglite).length > 0)) cpSync(template, pglite, { recursive: true });
  const jwtSecret = randomBytes(32).toString('hex');
  let log = '';
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // the OS's choice, read back from the server's "running at" line
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      DATABASE_URL: '',
      REDIS_URL: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
      // info for the "running at" line; only warnings and errors are shown
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      JOBS_POLL_SECONDS: '0.5',
      // Every journey registers users of its own: at bcrypt's cost of 12 their hashes were a fifth of
      // the server's CPU time. What the journeys check does not depend on the cost.
      BCRYPT_COST: '4',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let port: number | undefined;
  let partial = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  // The server's warnings and errors are shown with the journey's output, so a failed journey says
  // what the server saw (a register's unqueued verification email); its info lines are only kept.
  child.stdout?.on('data', (chunk: Buffer) => {
    keep(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (port === undefined && line.includes('"msg":"Docket is running')) port = (JSON.parse(line) as { port: number }).port;
      // pino's level leads each line: 40 and up are warnings and errors; a line not from pino is shown
      const level = /^\{"level":(\d+)/.exec(line)?.[1];
      if (level === undefined || Number(level) >= 40) process.stderr.write(`${line}\n`);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });

  // Even if the runner dies without teardown, never leave a server behind.
  const killNow = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killNow);
  // Ctrl-C or a CI timeout: take the server down, then let the signal do what it would have done.
  const onSignal = (signal: NodeJS.Signals) => {
    killNow();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.once(signal, onSignal);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(killNow, 10_000);
        await exited;
        clearTimeout(timer);
      }
      process.removeListener('exit', killNow);
      for (const signal of signals) process.removeListener(signal, onSignal);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    })());

  try {
    // A fresh PGlite data folder migrates on first start: on a loaded shared machine that takes over a minute.
    const output = () => log;
    const baseURL = await waitForHealth(() => port, child, output, 180_000);
    return { baseURL, jwtSecret, stop, dataDir };
  } catch (err) {
    await stop();
    throw err;
  }
}
