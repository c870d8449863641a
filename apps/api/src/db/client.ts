import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PgliteLike } from '../jobs/job-queue.ts';
import { prepareFreshDataDir } from './fresh-data-dir.ts';
import { PgliteThread } from './pglite-thread.ts';
import { statementFollows } from '../lib/request-context.ts';

/**
 * No relational schema (`db.query.*`): every read is a select or a statement of ours, and a schema
 * costs each transaction a query builder per table (about 20 µs, 49 tables) when drizzle opens it.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** what the job queue connects through: its own pool on PostgreSQL, the one PGlite instance otherwise */
  jobsConnection: { connectionString: string } | { pglite: PgliteLike };
  close: () => Promise<void>;
}

/** src/db/migrations in development; dist/migrations once bundled (the build copies them). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, 'migrations');
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; absent means embedded PGlite */
  databaseUrl?: string;
  /** PGlite data directory; absent (with no URL) means in-memory */
  dataDir?: string;
  poolSize?: number;
}

// An arbitrary constant shared by every Docket process: serialises concurrent migrators.
const MIGRATION_LOCK_KEY = 724_611_853;

/** Open the database and apply pending migrations before anything else touches it. */
const embedded = new WeakSet<object>();
/** True for the embedded PGlite database (a single in-process session), false for a pg pool. */
export const isEmbedded = (db: object): boolean => embedded.has(db);

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // bigint (int8) columns are parsed by drizzle's mode: 'number'; dates stay strings.
  pg.types.setTypeParser(1082, (v: string) => v);
  const { namingClient } = await import('./pg-statement-names.ts');
  const { inFlightFirstPool } = await import('./pg-in-flight-first.ts');
  const config = { connectionString: url, max: poolSize, Client: namingClient() };
  const pool = inFlightFirstPool(config, statementFollows);
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it on next use */
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(lockClient), { migrationsFolder: migrationsFolder() });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzle(pool) as unknown as Database;
  return { db, kind: 'postgres', jobsConnection: { connectionString: url }, close: () => pool.end() };
}

/**
 * PGlite's own start parameters plus a 16 MB buffer cache instead of PostgreSQL's 128 MB: the
 * embedded database serves one small business, whose pages the operating system caches anyway,
 * and the default cache alone kept ≈ 100 MB resident (docs/reliability.md, "Memory").
 */
function pgliteStartParams(PGlite: { readonly defaultStartParams: readonly string[] }): string[] {
  return [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (!dataDir) return openPgliteAt(undefined);
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(path.dirname(dir), { recursive: true });
  await prepareFreshDataDir(dir);
  mkdirSync(dir, { recursive: true });
  return openPgliteAt(dir);
}

/**
 * PGlite in `dir` (in memory without one), created if empty, with every migration applied, on a
 * thread of its own (pglite-thread.ts). `loadDataDir` starts it from a dumped data folder instead
 * of initdb (the tests' migrated template: test/database-template.ts); migrations still run, and
 * find nothing to do.
 */
export async function openPgliteAt(dir: string | undefined, start: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The search indexes need pg_trgm (migration 0002): the thread loads PGlite's bundled extension.
  const client = await PgliteThread.start({
    dataDir: dir,
    startParams: pgliteStartParams(PGlite),
    loadDataDir: start.loadDataDir,
    follows: statementFollows,
  });
  const db = drizzle(client as unknown as InstanceType<typeof PGlite>);
  embedded.add(db);
  try {
    await migrate(db, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    jobsConnection: { pglite: client },
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query; both drivers answer { rows }. Works on a db or a transaction. */
export async function queryRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
