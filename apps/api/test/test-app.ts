import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import request from 'supertest';
import type { Express } from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { TokenService } from '../src/lib/token-service.ts';
import { connectRedis, type RedisConnection } from '../src/lib/redis.ts';
import type { AppContext } from '../src/context.ts';
import { checkAnswers } from './answer-schemas.ts';
import { startJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';
import { createPostgresFromTemplate, openPgliteFromTemplate } from './database-template.ts';
import { DATABASE_FREE } from './database-passes.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * A fresh database per test file: in-memory PGlite by default, or a brand-new PostgreSQL
 * database on TEST_DATABASE_URL's server so runs never meet. Both are copies of a migrated
 * template the run's global setup made (test/database-template.ts).
 */
async function openTestDatabase(): Promise<DatabaseHandle> {
  // Scripts (pnpm test:einvoice) use this outside vitest, where its state and inject() do not exist.
  const inVitest = Boolean(process.env.VITEST);
  const file = inVitest ? path.relative(API_DIR, expect.getState().testPath ?? '') : '';
  if (inVitest && DATABASE_FREE.includes(file))
    throw new Error(`${file} opens the test database: take it off DATABASE_FREE in test/database-passes.ts so the PostgreSQL pass runs it`);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = inVitest ? inject('pgliteTemplate') : undefined;
    return template ? openPgliteFromTemplate(template) : openDatabase({});
  }
  const run = inVitest ? inject('postgresRun') : undefined;
  const fresh = run ? await createPostgresFromTemplate(url, run) : await createPostgresDatabase(url);
  const handle = await openDatabase({ databaseUrl: fresh.url, poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      // A run's databases are dropped together when it ends (each drop is a checkpoint).
      if (!run) await fresh.drop();
    },
  };
}

/** Without the global setup (a config that does not name it): an empty database, migrated on open. */
async function createPostgresDatabase(url: string) {
  const { default: pg } = await import('pg');
  const name = `docket_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: Express;
  ctx: AppContext;
  /** move time for overdue and monthly-usage tests */
  setNow: (at: Date | string | null) => void;
  /** a job queue on this test's database (as a restarted process would start), stopped by close() */
  startJobs: (options?: { pollSeconds?: number }) => Promise<JobQueue>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** start the job queue (pg-boss on this test's database), as server.ts does */
  jobs?: boolean;
}

export async function createTestApp(overrides: Partial<AppContext['config']> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  let redis: RedisConnection | undefined;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  if (process.env.REDIS_URL) redis = await connectRedis(process.env.REDIS_URL, logger);
  let now: Date | null = null;
  let jobs: JobQueue | undefined;
  if (options.jobs) jobs = await startJobQueue({ ...database.jobsConnection, logger, pollSeconds: 0.5 });
  const ctx: AppContext = {
    jobs,
    db: database.db,
    dbKind: database.kind,
    tokens: new TokenService(TEST_SECRET, '7d'),
    clock: () => now ?? new Date(),
    logger,
    redis: redis?.command,
    config: {
      trustProxy: false,
      rateLimitWindowMs: 60_000,
      rateLimitPerMinute: 100_000,
      authRateLimitPerMinute: 100_000,
      publicRateLimitPerMinute: 100_000,
      rateLimitPrefix: `test-${randomBytes(6).toString('hex')}`,
      bcryptCost: 4,
      ...overrides,
    },
  };
  const extraJobs: JobQueue[] = [];
  return {
    app: checkAnswers(createApp(ctx)),
    ctx,
    startJobs: async ({ pollSeconds = 0.5 } = {}) => {
      const queue = await startJobQueue({ ...database.jobsConnection, logger, pollSeconds });
      extraJobs.push(queue);
      return queue;
    },
    setNow: (at) => {
      now = at === null ? null : new Date(at);
    },
    close: async () => {
      for (const q of extraJobs) await q.stop();
      await jobs?.stop();
      await redis?.close();
      await database.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}-${randomBytes(3).toString('hex')}@example.co.uk`;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { Authorization: string };
}

/**
 * Signs up and, unless `verified: false`, opens the verification link the way the user would:
 * the link's token is the one the server signs (the test secret), sent to POST /auth/verify-email.
 */
export async function registerUser(app: Express, email = uniqueEmail(), options: { verified?: boolean } = {}): Promise<TestUser> {
  const res = await request(app).post('/api/auth/register').send({ email, password: 'correct-horse' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { user, token } = res.body.data;
  if (options.verified !== false) await verifyEmail(app, user.id, user.email);
  return { id: user.id, email: user.email, token, auth: { Authorization: `Bearer ${token}` } };
}

/** What opening the verification link does, with the token the server would have put in it. */
export async function verifyEmail(app: Express, userId: string, email: string, secret = TEST_SECRET) {
  const verify = await request(app)
    .post('/api/auth/verify-email')
    .send({ token: new TokenService(secret, '7d').signVerification(userId, email) });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${JSON.stringify(verify.body)}`);
}

export const sampleClient = (over: Record<string, unknown> = {}) => ({
  name: 'Acme Plumbing Ltd',
  email: 'accounts@acme.example',
  phone: '020 7946 0000',
  address: '1 High Street\nLondon\nSW1A 1AA',
  ...over,
});

export const sampleCompany = (over: Record<string, unknown> = {}) => ({
  name: 'Bright Sparks Electrical',
  email: 'hello@brightsparks.example',
  phone: '0161 496 0000',
  address: '12 Mill Lane\nManchester\nM1 2AB',
  website: 'https://brightsparks.example',
  vatNumber: 'GB123456789',
  terms: 'Payment within 30 days.',
  currency: 'GBP',
  template: 'modern',
  quoteNumberPrefix: 'Q',
  invoiceNumberPrefix: 'INV',
  defaultTaxRate: 20,
  bankDetails: {
    bankName: 'Barclays',
    accountName: 'Bright Sparks Ltd',
    accountNumber: '12345678',
    sortCode: '12-34-56',
    iban: 'GB33BUKB20201555555555',
    swift: 'BUKBGB22',
  },
  ...over,
});

export type TestRole = 'OWNER' | 'OFFICE' | 'ENGINEER' | 'ACCOUNTANT';

/**
 * A new user who joins `owner`'s account with `role` the way a person would: invited by the owner,
 * signed up with the invited address, the link accepted, then switched to that account. The
 * answer's token works in the owner's account.
 */
export async function joinAccount(
  app: Express,
  owner: TestUser,
  role: TestRole,
  email = uniqueEmail(role.toLowerCase()),
): Promise<TestUser & { accountId: string }> {
  const invited = await request(app).post('/api/account/invitations').set(owner.auth).send({ email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const user = await registerUser(app, email);
  const token = new URL(invited.body.data.url as string).searchParams.get('token');
  const accepted = await request(app).post(`/api/account/invitations/${token}/accept`).set(user.auth).send({});
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return switchAccount(app, user, accepted.body.data.accountId as string);
}

/** The same user with a session for another of their accounts. */
export async function switchAccount(app: Express, user: TestUser, accountId: string): Promise<TestUser & { accountId: string }> {
  const switched = await request(app).post('/api/auth/switch').set(user.auth).send({ accountId });
  if (switched.status !== 200) throw new Error(`switch failed: ${switched.status} ${JSON.stringify(switched.body)}`);
  const token = switched.body.data.token as string;
  return { ...user, token, auth: { Authorization: `Bearer ${token}` }, accountId };
}
