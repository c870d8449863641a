/**
 * CI runs the API suite twice: on embedded PGlite (`pnpm test`), then on a real PostgreSQL with
 * Redis rate limits (TEST_DATABASE_URL and REDIS_URL set, .ci/run). A test file runs in both
 * passes unless it is named here, so a new test that touches the database is never skipped by
 * default. test/database-passes.test.ts proves every name exists and that no database-free file
 * reaches the test database; test-app.ts refuses to open one for them.
 */

/** Files that never use the test database or Redis: their result cannot differ between passes, so only the PGlite pass runs them. */
export const DATABASE_FREE: readonly string[] = [
  'src/jobs/job-queue.test.ts',
  'src/lib/clock.test.ts',
  'src/lib/crash-handler.test.ts',
  'src/lib/http-drain.test.ts',
  'src/lib/listening-urls.test.ts',
  'src/lib/secrets.test.ts',
  'src/modules/online-payments/adapters.contract.test.ts',
  'src/lib/token-service.test.ts',
  'src/middleware/request-log.test.ts',
  'src/modules/auth/timing-dummy-hash.test.ts',
  'src/modules/einvoices/einvoice-library.test.ts',
  'src/modules/exports/csv.test.ts',
  'src/modules/mtd/fraud-headers.test.ts',
  'src/cache/pdf-byte-cache.test.ts',
  'src/pdf/any-script.test.ts',
  'src/pdf/glyph-code-points.test.ts',
  'src/pdf/render-pdf.test.ts',
  'src/pdf/render-pool.test.ts',
  'src/pdf/render-property.test.ts',
  'test/answer-schemas.test.ts',
  'test/bundle-imports.test.ts',
  'test/config.test.ts',
  'test/docker-compose.test.ts',
  'test/engines.test.ts',
  'test/start-hash.test.ts',
];

/**
 * Files that touch a database but run in one pass only, at full strength: heavy ones whose
 * subject does not depend on the engine, and ones written for one engine.
 */
export const ONE_DATABASE: Readonly<Record<string, { pass: 'pglite' | 'postgres'; why: string }>> = {
  'test/adversarial/bad-input.test.ts': {
    pass: 'pglite',
    why: '2,020 generated bad inputs, each followed by a fingerprint of every table: validation refuses them before any SQL runs',
  },
  'src/modules/exports/exports.memory.test.ts': {
    pass: 'postgres',
    why: '100,000 invoices streamed over a socket; only PostgreSQL has a pool whose checked-out connections the hang-up test can count',
  },
  'test/adversarial/crash-pglite.test.ts': {
    pass: 'pglite',
    why: 'kill -9 of a server on a PGlite data folder; crash-postgres.test.ts is its PostgreSQL twin',
  },
  'test/adversarial/crash-postgres.test.ts': { pass: 'postgres', why: 'kill -9 of a server on PostgreSQL; needs TEST_DATABASE_URL' },
  'src/db/accounts-migration.test.ts': {
    pass: 'pglite',
    why: 'builds its own database at the migrations before accounts, then upgrades it: the SQL is the same on both engines',
  },
  'test/adversarial/crash-sweeps.test.ts': {
    pass: 'postgres',
    why: 'kill -9 inside the reminder and recurring sweeps with two processes taking over; needs TEST_DATABASE_URL',
  },
  'src/db/fresh-data-dir.test.ts': { pass: 'pglite', why: "creating PGlite's data folder on first start; PostgreSQL has none" },
  'src/db/pglite-thread.test.ts': { pass: 'pglite', why: 'the embedded database on its own thread; PostgreSQL is a server of its own' },
  'src/db/pg-statement-names.test.ts': { pass: 'postgres', why: 'the pg pool naming its statements; PGlite keeps them on its own thread' },
  'src/db/pg-in-flight-first.test.ts': { pass: 'postgres', why: 'the pg pool’s waiting order; PGlite’s thread has its own (pglite-thread.test.ts)' },
  'src/db/pglite-auto-analyze.test.ts': {
    pass: 'pglite',
    why: "PGlite's stand-in for autovacuum's analyse; on PostgreSQL the daemon itself may analyse a table between the test's two looks",
  },
  'test/server.test.ts': {
    pass: 'pglite',
    why: 'start(), stop() and the server process on a PGlite data folder (DATA_DIR): what it starts is the same in both passes, it never reads TEST_DATABASE_URL',
  },
  'test/adversarial/hostile-logos.test.ts': {
    pass: 'pglite',
    why: 'hostile image bytes against the decoders and the PDF render pool, every template each; the logo row is written and read the same way on both engines',
  },
};

export type Pass = 'pglite' | 'postgres';

/** The files a pass leaves out (paths relative to apps/api). */
export function leftOut(pass: Pass): string[] {
  const other = Object.entries(ONE_DATABASE)
    .filter(([, v]) => v.pass !== pass)
    .map(([file]) => file);
  return pass === 'postgres' ? [...DATABASE_FREE, ...other] : other;
}
