import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { createApp } from '../apps/api/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { startAutoAnalyze } from '../apps/api/src/db/pglite-auto-analyze.ts';
import { TokenService } from '../apps/api/src/lib/token-service.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import type { AppContext } from '../apps/api/src/context.ts';
import { startJobQueue, type JobQueue } from '../apps/api/src/jobs/job-queue.ts';
import { transportOf } from './database-host.ts';
import { ISSUED_PDF_JOB } from '../apps/api/src/modules/previews/issued-pdf-job.ts';

export type BenchDbKind = 'pglite' | 'postgres';

export interface BenchApp {
  kind: BenchDbKind;
  /** e.g. "PostgreSQL 16.4" or "PGlite 0.5.16 (in-memory)" */
  databaseLabel: string;
  ctx: AppContext;
  url: string;
  /** resolves once the job queue holds no issued-PDF render still to run (after seeding, before a measure) */
  jobsDone: () => Promise<void>;
  close: () => Promise<void>;
}

// BENCH_SECRET lets a probe in another process sign in with accounts a first one seeded and kept
export const BENCH_SECRET = process.env.BENCH_SECRET ?? randomBytes(48).toString('base64url');
const HUGE = 1_000_000_000;

/** A brand-new database on DATABASE_URL's server, dropped on close, so runs never meet. */
async function openFreshPostgres(serverUrl: string): Promise<{ handle: DatabaseHandle; label: string }> {
  const { default: pg } = await import('pg');
  const name = `docket_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?';
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // the production default pool size unless DATABASE_POOL_SIZE names another, as for the server
  const poolSize = Number(process.env.DATABASE_POOL_SIZE) || 10;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize });
  return {
    label: `PostgreSQL ${version} (pool ${poolSize}, ${transportOf(serverUrl)})`,
    handle: {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    },
  };
}

/** PGlite's version from its package.json (its exports map hides the file from require). */
async function pgliteVersion(): Promise<string> {
  try {
    const { createRequire } = await import('node:module');
    const { readFileSync } = await import('node:fs');
    const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
    let dir = path.dirname(require.resolve('@electric-sql/pglite'));
    while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

/**
 * The real app (createApp) over a real database, listening on an ephemeral port of this
 * process. Logging is on at info like production, but written to /dev/null so its cost is
 * measured without flooding the terminal; synchronously, as pino writes to stdout in production.
 * Rate and plan limits are raised out of the way.
 */
export async function startBenchApp(kind: BenchDbKind, databaseUrl?: string, options: { bcryptCost?: number } = {}): Promise<BenchApp> {
  let database: DatabaseHandle;
  let databaseLabel: string;
  if (kind === 'postgres') {
    if (!databaseUrl) throw new Error('postgres run needs DATABASE_URL');
    const opened = await openFreshPostgres(databaseUrl);
    database = opened.handle;
    databaseLabel = opened.label;
  } else {
    database = await openDatabase({});
    databaseLabel = `PGlite ${await pgliteVersion()} (in-memory)`;
  }
  const logger = pino(
    {
      level: 'info',
      base: undefined,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    pino.destination({ dest: '/dev/null', sync: true }),
  );
  // The job queue and its workers, as server.ts starts them: the renders a send queues run here.
  const jobs = await startJobQueue({ ...database.jobsConnection, logger, pollSeconds: 2 });
  const ctx: AppContext = {
    jobs,
    db: database.db,
    dbKind: database.kind,
    tokens: new TokenService(BENCH_SECRET, '7d'),
    clock: systemClock,
    logger,
    config: {
      trustProxy: false,
      rateLimitWindowMs: 60_000,
      rateLimitPerMinute: HUGE,
      authRateLimitPerMinute: HUGE,
      rateLimitPrefix: `bench-${randomBytes(4).toString('hex')}`,
      bcryptCost: options.bcryptCost ?? 10,
      // large rather than unlimited (-1) so the usage count a create performs is still measured
      planLimitOverrides: { invoicesPerMonth: HUGE, quotesPerMonth: HUGE, maxClients: HUGE },
    },
  };
  // As server.ts does: PGlite has no autovacuum daemon to keep the planner's statistics.
  const autoAnalyze = database.kind === 'pglite' ? startAutoAnalyze(database.db, logger) : undefined;
  const server = http.createServer(createApp(ctx));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    kind,
    databaseLabel,
    ctx,
    url: `http://127.0.0.1:${port}`,
    jobsDone: () => issuedPdfsRendered(jobs),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await autoAnalyze?.stop();
      await jobs.stop();
      await database.close();
    },
  };
}

/** Resolves once no render of an issued PDF is queued or running (docs/product.md, "Issued PDFs are kept"). */
export async function issuedPdfsRendered(jobs: JobQueue): Promise<void> {
  while ((await jobs.unfinished(ISSUED_PDF_JOB)) > 0) await new Promise((r) => setTimeout(r, 250));
}

/** JSON over HTTP against the bench server; throws on a non-2xx so setup never half-works. */
export async function api<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}
