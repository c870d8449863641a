import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { TokenService } from '../src/lib/token-service.ts';
import { connectRedis, type RedisConnection } from '../src/lib/redis.ts';
import type { AppContext } from '../src/context.ts';
import { checkAnswers } from './answer-schemas.ts';
import { startJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * A fresh database per test file: in-memory PGlite by default, or a brand-new PostgreSQL
 * database (created on TEST_DATABASE_URL's server, dropped afterwards) so runs never meet.
 */
async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({});
  const { default: pg } = await import('pg');
  const name = `docket_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
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
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** start the job queue (pg-boss on this test's database), as server.ts does */
  jobs?: boolean;
}

export async function createTestApp(overrides: Partial<AppContext['config']> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  let redis: RedisConnection | undefined;
  const logger = pino({ level: 'silent' });
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
  return {
    app: checkAnswers(createApp(ctx)),
    ctx,
    setNow: (at) => {
      now = at === null ? null : new Date(at);
    },
    close: async () => {
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

export async function registerUser(app: Express, email = uniqueEmail()): Promise<TestUser> {
  const res = await request(app).post('/api/auth/register').send({ email, password: 'correct-horse' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { user, token } = res.body.data;
  return { id: user.id, email: user.email, token, auth: { Authorization: `Bearer ${token}` } };
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
