import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadEnv } from '../src/config/env.ts';
import { start } from '../src/server.ts';
import { openDatabase } from '../src/db/client.ts';
import { keptAnswers, users } from '../src/db/schema.ts';
import { uniqueEmail } from './test-app.ts';
import { serverDataDir } from './adversarial/processes.ts';
import { serverCommand } from './server-bundle.ts';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
/**
 * Empty, as on a first start; `migrated`: a copy of the run's migrated PGlite folder, for tests
 * whose subject is not the first start (they start without initdb, ≈ 7 s of CPU less each).
 */
function tempDataDir(kind: 'migrated' | 'empty') {
  const dir = serverDataDir('docket-server-', { migrated: kind === 'migrated' });
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const envFor = (dataDir: string) =>
  loadEnv({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });

async function call(port: number, urlPath: string, init: RequestInit = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; data?: Record<string, unknown> } };
}

describe('start() and stop()', () => {
  it('when started on port 0 in development, then it serves, keeps its generated secret and data in DATA_DIR, and stops', async () => {
    const dataDir = tempDataDir('empty');
    const first = await start(envFor(dataDir));
    expect(first.port).toBeGreaterThan(0);
    const health = await call(first.port, '/api/health');
    expect(health).toEqual({ status: 200, body: { success: true, data: { status: 'ok', database: 'pglite' } } });

    const email = uniqueEmail('server');
    const reg = await call(first.port, '/api/auth/register', { method: 'POST', body: JSON.stringify({ email, password: 'secret1' }) });
    expect(reg.status).toBe(201);
    const token = (reg.body.data as { token: string }).token;
    await expect(first.stop()).resolves.toBeUndefined();

    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(existsSync(secretFile)).toBe(true);
    expect(readFileSync(secretFile, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect(statSync(secretFile).mode & 0o077).toBe(0);
    const secret = readFileSync(secretFile, 'utf8');

    // An answer kept by the release that ran before (the shape may have changed since).
    const userId = (reg.body.data as { user: { id: string } }).user.id;
    const before = await openDatabase({ dataDir });
    try {
      await before.db.insert(keptAnswers).values({ userId, name: 'dashboard', version: 0, day: '2026-01-01', body: '{"older":true}' });
    } finally {
      await before.close();
    }

    // A restart reuses the secret (the old token still works) and the PGlite data, and drops kept answers.
    const second = await start(envFor(dataDir));
    try {
      const me = await call(second.port, '/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ email });
    } finally {
      await second.stop();
    }
    expect(readFileSync(secretFile, 'utf8')).toBe(secret);

    // Passwords are hashed with bcrypt cost 12 outside tests.
    const db = await openDatabase({ dataDir });
    try {
      const [row] = await db.db.select().from(users).where(eq(users.email, email));
      expect(row?.passwordHash).toMatch(/^\$2[aby]\$12\$/);
      expect(await db.db.select().from(keptAnswers).where(eq(keptAnswers.userId, userId))).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('when stop() is called during a request, then that request still completes and new connections are refused', async () => {
    const running = await start(envFor(tempDataDir('migrated')));
    let stopped: Promise<void> | undefined;
    running.server.once('request', () => {
      stopped = running.stop();
    });
    // bcrypt at cost 12 keeps this request busy well after stop() has begun.
    const inFlight = await call(running.port, '/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('inflight'), password: 'secret1' }),
    });
    expect(inFlight.status).toBe(201);
    expect(stopped).toBeDefined();
    await expect(stopped).resolves.toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${running.port}/api/health`)).rejects.toThrow();
  });
});

/** Run the real server (the bundle `pnpm start` runs, test/server-bundle.ts) as its own process. */
function runServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      // Development prints a pretty line, production a JSON one: both carry the URL.
      const port = /Docket is running at http:\/\/[^\s"]+:(\d+)/.exec(stdout)?.[1];
      if (port) resolve(Number(port));
    });
    void exited.then(() => reject(new Error(`server exited early: ${stderr}`)));
  });
  // Only the SIGTERM test waits for this; the refusal tests expect the early exit.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

// The whole file runs in the PGlite pass only (test/database-passes.ts): what it starts reads
// DATA_DIR, never TEST_DATABASE_URL; a server with PostgreSQL and Redis is started by the PostgreSQL
// pass's process tests (crash-postgres, crash-sweeps, sigterm-burst).
describe('the server process', () => {
  it('when started in development, then it prints one human line with the URL; in production JSON lines with the URL', async () => {
    const dev = runServerProcess({ NODE_ENV: 'development', DATA_DIR: tempDataDir('migrated') });
    const devPort = await dev.listening;
    const devLine = dev
      .output()
      .stdout.split('\n')
      .find((l) => l.includes('Docket is running at'))!;
    expect(devLine).toContain(`Docket is running at http://127.0.0.1:${devPort}`);
    expect(devLine.trim().startsWith('{')).toBe(false);
    // The signal handlers are installed just after the start line: answer a request first.
    expect((await fetch(`http://127.0.0.1:${devPort}/api/health`)).status).toBe(200);
    dev.child.kill('SIGTERM');
    expect(await dev.exited).toBe(0);

    const prod = runServerProcess({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tempDataDir('migrated') });
    const prodPort = await prod.listening;
    const lines = prod.output().stdout.split('\n').filter(Boolean);
    const started = lines.map((l) => JSON.parse(l) as { msg: string; url?: string }).find((l) => l.url);
    expect(started).toMatchObject({ url: `http://127.0.0.1:${prodPort}`, msg: `Docket is running at http://127.0.0.1:${prodPort}` });
    expect((await fetch(`http://127.0.0.1:${prodPort}/api/health`)).status).toBe(200);
    prod.child.kill('SIGTERM');
    expect(await prod.exited).toBe(0);
  });

  it('when NODE_ENV=production and JWT_SECRET is missing, then it refuses to start and names JWT_SECRET', async () => {
    const proc = runServerProcess({ NODE_ENV: 'production', DATA_DIR: tempDataDir('empty') });
    expect(await proc.exited).toBe(1);
    expect(proc.output().stderr).toContain('JWT_SECRET');
  });

  it('when payment providers are stored and SECRETS_KEY is then missing, then start-up refuses naming SECRETS_KEY; with the key back it starts', async () => {
    const dataDir = tempDataDir('migrated');
    const secretsKey = 's'.repeat(40);
    const first = await start({ ...envFor(dataDir), SECRETS_KEY: secretsKey });
    const reg = await call(first.port, '/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('secrets'), password: 'correct-horse' }),
    });
    const token = (reg.body.data as { token: string }).token;
    const saved = await call(first.port, '/api/company/payments/stripe', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ secretKey: 'sk_test_server_1234', webhookSecret: 'whsec_server_1234' }),
    });
    expect(saved.status).toBe(200);
    await first.stop();
    await expect(start(envFor(dataDir))).rejects.toThrow(/SECRETS_KEY: is required because online payment providers are configured/);
    const again = await start({ ...envFor(dataDir), SECRETS_KEY: secretsKey });
    await again.stop();
  });

  it('when a setting is invalid, then it refuses to start naming it', async () => {
    const proc = runServerProcess({ PORT: 'eighty', DATA_DIR: tempDataDir('empty') });
    expect(await proc.exited).toBe(1);
    expect(proc.output().stderr).toContain('PORT');
  });

  it('when it receives SIGTERM, then it closes the database and exits 0', async () => {
    const dataDir = tempDataDir('migrated');
    const proc = runServerProcess({ DATA_DIR: dataDir });
    const port = await proc.listening;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.output().stdout).toContain('Docket API stopped');
  });
});
