import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createPostgresFromTemplate } from '../database-template.ts';
import { serverCommand } from '../server-bundle.ts';

export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A new, empty DATA_DIR for a server process (the caller removes it). With `migrated`, its PGlite
 * folder is a copy of the run's migrated template (test/database-template.ts), so the server opens
 * it instead of creating one (initdb and every migration in a child process, ≈ 7 s of CPU): for
 * tests whose subject is not the first start. Outside the PGlite pass's setup it stays empty.
 */
export function serverDataDir(prefix: string, options: { migrated?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = options.migrated ? inject('pgliteTemplate') : undefined;
  if (template) {
    const pglite = path.join(dir, 'pglite');
    mkdirSync(pglite);
    // The dump's names start with '/': tar strips it (and says so on stderr).
    execFileSync('tar', ['-xf', template, '-C', pglite], { stdio: 'ignore' });
  }
  return dir;
}

/**
 * A brand-new database on TEST_DATABASE_URL's server, for child processes to use as DATABASE_URL.
 * With `migrated`, a copy of the run's migrated template (the server finds its migrations done);
 * otherwise empty.
 */
export async function freshPostgresDatabase(options: { migrated?: boolean } = {}) {
  const base = process.env.TEST_DATABASE_URL!;
  const run = options.migrated ? inject('postgresRun') : undefined;
  if (run) return createPostgresFromTemplate(base, run);
  const { default: pg } = await import('pg');
  const name = `docket_adv_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A port free now, for a peer that cannot take PORT=0 (a fake SMTP server told its port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const JWT_SECRET = 'adversarial-secret-adversarial-secret-0123456789';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server as a child process: the bundle `pnpm start` runs (test/server-bundle.ts), on a
 * port of the OS's choosing read back from its "running at" line. A port found free beforehand
 * could be taken by the other test worker's server first.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET,
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 120_000;
  let port: number;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start:\n${log}`);
    const running = /"port":(\d+)[^\n]*Docket is running at/.exec(log);
    if (running) {
      port = Number(running[1]);
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => log, exited };
}

export interface Answer {
  status: number;
  body: unknown;
}

/** fetch that reports a dropped connection as status 0 instead of throwing. */
export async function call(base: string, method: string, p: string, token?: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${base}/api${p}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed };
  } catch {
    return { status: 0, body: null };
  }
}
