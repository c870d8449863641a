import http from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { ConfigError, loadEnv, type TEnv } from './config/env.ts';
import { createOnlinePaymentsRepository } from './modules/online-payments/online-payments.repository.ts';
import { createLogger, developmentDestination, listeningUrls, publicUrl } from './lib/logger.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { TokenService, loadOrCreateDevSecret } from './lib/token-service.ts';
import { systemClock } from './lib/clock.ts';
import { connectRedis, type RedisConnection } from './lib/redis.ts';
import { createApp } from './app.ts';
import { createKeptAnswersRepository } from './cache/answer-cache.repository.ts';
import { trackConnections } from './lib/http-drain.ts';
import { installCrashHandlers } from './lib/crash-handler.ts';
import { closeRenderPool } from './pdf/render-pdf.ts';
import { closeImportPool } from './modules/imports/import-pool.ts';
import { startJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { startAutoAnalyze } from './db/pglite-auto-analyze.ts';

/** Nothing accepted or in flight for this long means every request that reached us is answered. */
const DRAIN_QUIET_MS = 500;
/** Stop waiting for quiet after this long; main() force-exits at FORCE_EXIT_MS. */
const DRAIN_CEILING_MS = 20_000;
const FORCE_EXIT_MS = 25_000;

export interface RunningServer {
  server: http.Server;
  port: number;
  stop: () => Promise<void>;
}

/** The built web app: WEB_DIST_DIR, else apps/web/dist beside this package. */
function defaultWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

/**
 * Full collections once the server is up, when `node --expose-gc` allows it (`pnpm start`
 * does): opening the embedded database and migrating it leave garbage only a full collection
 * frees, which an idle server never runs (docs/reliability.md, "Memory").
 */
function collectStartupGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: once up, and again once the job queue's start-up work (schema check, first poll) is done.
  if (gc) for (const ms of [1_000, 10_000]) setTimeout(gc, ms).unref();
}

export async function start(env: TEnv, logger: Logger = createLogger(env.LOG_LEVEL)): Promise<RunningServer> {
  const dataDir = path.resolve(env.DATA_DIR);
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const secret = env.JWT_SECRET ?? loadOrCreateDevSecret(dataDir);
  let redis: RedisConnection | undefined;
  if (env.REDIS_URL) redis = await connectRedis(env.REDIS_URL, logger);
  // Stored provider keys cannot be opened without the key they were sealed with.
  if (!env.SECRETS_KEY && (await createOnlinePaymentsRepository(database.db).anyConfigured())) {
    await database.close();
    throw new ConfigError(
      'Invalid configuration:\n  SECRETS_KEY: is required because online payment providers are configured (set the same value they were saved with)',
    );
  }
  // Kept answers were built by whichever release kept them; after a deploy (or a restore) this one
  // may add fields to the same answers, and a kept one would be served without them until the
  // account's next write. They are only a cache, so a starting process drops them.
  await createKeptAnswersRepository(database.db).forgetAll();
  const jobs: JobQueue = await startJobQueue({ ...database.jobsConnection, logger, pollSeconds: env.JOBS_POLL_SECONDS });
  // PostgreSQL's own daemon keeps its statistics; PGlite has none (src/db/pglite-auto-analyze.ts).
  const autoAnalyze = database.kind === 'pglite' ? startAutoAnalyze(database.db, logger) : undefined;

  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    tokens: new TokenService(secret, env.JWT_EXPIRES_IN),
    clock: systemClock,
    logger,
    redis: redis?.command,
    jobs,
    config: {
      mail: {
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        perDay: env.EMAILS_PER_DAY,
        retryDelaySeconds: env.EMAIL_RETRY_SECONDS,
        newAccountPerDay: env.NEW_ACCOUNT_EMAILS_PER_DAY,
        leaseSeconds: env.EMAIL_LEASE_SECONDS,
        publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      },
      corsOrigin: env.CORS_ORIGIN,
      trustProxy: env.TRUST_PROXY,
      rateLimitWindowMs: env.RATE_LIMIT_WINDOW_MS,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      publicRateLimitPerMinute: env.PUBLIC_RATE_LIMIT_PER_MINUTE,
      shareLinkDays: env.SHARE_LINK_DAYS,
      publicAppUrl: env.PUBLIC_URL,
      rateLimitPrefix: env.REDIS_URL ? 'docket' : randomBytes(4).toString('hex'),
      webDistDir: env.WEB_DIST_DIR ?? defaultWebDist(),
      bcryptCost: env.BCRYPT_COST ?? 12,
      hmrc:
        env.HMRC_CLIENT_ID && env.HMRC_CLIENT_SECRET && env.SECRETS_KEY
          ? {
              clientId: env.HMRC_CLIENT_ID,
              clientSecret: env.HMRC_CLIENT_SECRET,
              apiBase: env.HMRC_API_BASE,
              authBase: env.HMRC_AUTH_BASE,
              secretsKey: env.SECRETS_KEY,
            }
          : undefined,
      receiptsS3:
        env.RECEIPTS_S3_BUCKET_URL && env.RECEIPTS_S3_ACCESS_KEY_ID && env.RECEIPTS_S3_SECRET_ACCESS_KEY
          ? {
              bucketUrl: env.RECEIPTS_S3_BUCKET_URL,
              region: env.RECEIPTS_S3_REGION,
              accessKeyId: env.RECEIPTS_S3_ACCESS_KEY_ID,
              secretAccessKey: env.RECEIPTS_S3_SECRET_ACCESS_KEY,
            }
          : undefined,
      onlinePayments: { secretsKey: env.SECRETS_KEY, stripeApiBase: env.STRIPE_API_BASE, gocardlessApiBase: env.GOCARDLESS_API_BASE },
    },
  });

  // The PDF worker starts with the first render, not here: an idle server holds no worker
  // (docs/reliability.md, "Memory"); issued PDFs that are kept never need one.
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = publicUrl(env.HOST, port);
  const urls = listeningUrls(env.HOST, port);
  // The one line a person starting the app needs: where to open it, and every other address it answers at.
  const also = urls.length > 1 ? ` (also ${urls.slice(1).join(', ')})` : '';
  logger.info({ port, url, urls, database: database.kind }, `Docket is running at ${url}${also}`);

  collectStartupGarbage();

  const connections = trackConnections(server);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Serve until quiet, close the listener and idle sockets, then release the database.
      const report = await connections.drain({ quietMs: DRAIN_QUIET_MS, ceilingMs: DRAIN_CEILING_MS });
      await closeRenderPool();
      await closeImportPool();
      // Finish the job in hand (a send), take no new one; what is queued stays for the next start.
      await jobs.stop();
      await autoAnalyze?.stop();
      await redis?.close();
      await database.close();
      logger.info(report, 'Docket API stopped');
    })());
  return { server, port, stop };
}

async function main() {
  let env: TEnv;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL, env.NODE_ENV === 'development' ? await developmentDestination() : undefined);
  const running = await start(env, logger).catch((err: unknown) => {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  });
  installCrashHandlers(process, logger, running.stop, (code) => process.exit(code), FORCE_EXIT_MS);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), FORCE_EXIT_MS);
      force.unref();
      running.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) void main();
