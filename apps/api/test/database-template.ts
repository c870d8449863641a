import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { migrationsFolder, openDatabase, openPgliteAt, type DatabaseHandle } from '../src/db/client.ts';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { RECURRING_SWEEP_JOB } from '../src/modules/recurring/recurring.service.ts';
import { REMINDER_SWEEP_JOB } from '../src/modules/reminders/reminders.service.ts';
import { ISSUED_PDF_JOB } from '../src/modules/previews/issued-pdf-job.ts';

/**
 * Every test file gets a database of its own, with every migration applied. Building one from
 * nothing costs ≈ 7 s of CPU on PGlite (initdb ≈ 6 s, migrations ≈ 1 s) and ≈ 4 s on PostgreSQL
 * (the migrations); copying a migrated template costs ≈ 0.9 s and ≈ 0.3 s. So the suite's global
 * setup (test/global-setup.ts) migrates one template per run and each file starts from a copy:
 *
 * - PGlite: the migrated data folder dumped as a tar file, kept under node_modules/.cache and
 *   named by a hash of the migrations, the PGlite version and TEMPLATE_RECIPE, so a changed
 *   migration builds a new one; each file loads it into a fresh in-memory PGlite. The cluster's
 *   template0 and template1 databases are dropped from it first: nothing in a test copies a
 *   database inside PGlite, and they were 602 of its 1,313 files, unpacked into PGlite's in-memory
 *   file system for every file (a load cost 1.0–1.3 s of CPU with them, 0.7–0.9 s without).
 * - PostgreSQL: a template database migrated once per run; each file is CREATE DATABASE … TEMPLATE.
 *   The run's databases share a prefix and are dropped together when the run ends.
 *
 * Both also hold the job queue's tables and the server's scheduled queues, as a server's first
 * start leaves them before it sends any job (withJobTables): a server process started on a copy
 * skips creating them, about 0.9 s of its 4 s of start-up CPU. The first start itself is tested
 * on empty folders and databases (fresh-data-dir.test.ts, server.test.ts).
 *
 * Each file still runs the migrator on its copy (it finds nothing to do), so a stale template
 * would be brought up to date rather than silently tested; the job queue likewise migrates tables
 * of another pg-boss version when it starts.
 */

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_DIR = path.join(API_DIR, 'node_modules', '.cache', 'docket-tests');

/** Changes whenever how the template is made changes, so a kept template of the old recipe is rebuilt. */
const TEMPLATE_RECIPE = 'migrated, with the job tables and queues (issued PDFs too), without template0 and template1';

function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(`${TEMPLATE_RECIPE}\n`);
  // The package does not export its package.json; its resolved path carries the version (pnpm's store).
  const require = createRequire(import.meta.url);
  hash.update(`${realpathSync(require.resolve('@electric-sql/pglite'))}\n${realpathSync(require.resolve('pg-boss'))}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(migrationsFolder(), full)}\n`).update(readFileSync(full));
    }
  };
  walk(migrationsFolder());
  return hash.digest('hex').slice(0, 16);
}

/**
 * The job queue's tables and the queues the server works and schedules, created on a template;
 * no job is sent and no schedule kept, so a copy starts with none.
 */
async function withJobTables(connection: DatabaseHandle['jobsConnection']): Promise<void> {
  const queue = await startJobQueue({ ...connection, logger: pino({ level: 'silent' }) });
  const never = () => Promise.reject(new Error('a template database holds no jobs'));
  for (const name of [REMINDER_SWEEP_JOB, RECURRING_SWEEP_JOB, ISSUED_PDF_JOB]) await queue.work(name, never);
  await queue.stop();
}

/** The migrated PGlite data folder as a tar file, built if this set of migrations has none yet. */
export async function pgliteTemplateFile(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const handle = await openPgliteAt(undefined);
  await withJobTables(handle.jobsConnection);
  const client = (
    handle.jobsConnection as unknown as { pglite: { exec: (sql: string) => Promise<unknown>; dumpDataDir: (compression: 'none') => Promise<Blob> } }
  ).pglite;
  // One statement each: DROP DATABASE refuses to run inside the implicit transaction of a batch.
  await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec('checkpoint');
  const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await handle.close();
  mkdirSync(CACHE_DIR, { recursive: true });
  // Older templates are dead weight (about 40 MB each); a concurrent run writes its own temp file.
  for (const old of readdirSync(CACHE_DIR)) if (/^pglite-[0-9a-f]+\.tar$/.test(old)) rmSync(path.join(CACHE_DIR, old), { force: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, tar);
  renameSync(temp, file);
  return file;
}

/** The template's bytes, read once per process (a worker runs many files: isolate: false). */
const templates = new Map<string, Blob>();

/** A fresh in-memory PGlite loaded from the template file. */
export function openPgliteFromTemplate(file: string) {
  let template = templates.get(file);
  if (!template) templates.set(file, (template = new Blob([readFileSync(file)])));
  return openPgliteAt(undefined, { loadDataDir: template });
}

async function adminQuery(url: string, query: string): Promise<{ rows: Record<string, unknown>[] }> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query(query);
  } finally {
    await admin.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export interface PostgresRun {
  /** the migrated template every file copies */
  template: string;
  /** the prefix of every database this run creates, template included */
  prefix: string;
}

/** One run's migrated template database on `url`'s server. */
export async function createPostgresTemplate(url: string): Promise<PostgresRun> {
  const prefix = `docket_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  await adminQuery(url, `create database ${template}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 1 });
  // pg-boss's stop waits for its pool to close. No connection may stay open to a template while it
  // is copied (CREATE DATABASE waits a few seconds for sessions that are ending).
  await withJobTables(handle.jobsConnection);
  await handle.close();
  return { template, prefix };
}

/** A new database copied from the run's template; `drop` removes it at once (the run's end drops the rest). */
export async function createPostgresFromTemplate(url: string, run: PostgresRun): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${run.prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database ${name} template ${run.template}`);
  return { url: withDatabase(url, name), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`).then(() => undefined) };
}

/** Drops every database of the run, the template last. */
export async function dropPostgresRun(url: string, run: PostgresRun): Promise<void> {
  const { rows } = await adminQuery(
    url,
    `select datname from pg_database where datname like '${run.prefix}\\_%' order by datname = '${run.template}', datname`,
  );
  for (const { datname } of rows) await adminQuery(url, `drop database if exists ${String(datname)} with (force)`);
}
