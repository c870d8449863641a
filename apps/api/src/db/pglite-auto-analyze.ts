import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Database } from './client.ts';

/**
 * PostgreSQL's autovacuum daemon gathers the planner's statistics as tables change. PGlite runs no
 * daemon, so its tables were never analysed and the planner guessed their sizes: a search walked
 * every line of the account (53 ms of CPU a request on the realistic mix, 4.7 ms once analysed), and
 * the mix ran at 103 req/s against 186 with this (bench/results.md, 27 November). This does the daemon's analyse
 * part in the PGlite process, with autovacuum's default threshold: a table is analysed once the
 * rows changed since its last analyse exceed 50 + 10% of its rows (PGlite's counters reach
 * pg_stat_user_tables about a second after a commit).
 */
const BASE_THRESHOLD = 50;
const SCALE_FACTOR = 0.1;

/** Analyse the tables that changed enough since their last analyse; the names analysed. */
export async function analyzeChangedTables(db: Database): Promise<string[]> {
  const due = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_stat_user_tables
        where schemaname = 'public' and n_mod_since_analyze > ${BASE_THRESHOLD}::float8 + ${SCALE_FACTOR}::float8 * n_live_tup
        order by relname`,
  );
  for (const { name } of due) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return due.map((t) => t.name);
}

/**
 * Check every `everyMs` (and once soon after start) until stopped. The check is one read of
 * PGlite's counters; an analyse samples at most 30,000 rows a table, so a short period costs little
 * and a bulk import's new rows reach the planner within seconds.
 */
export function startAutoAnalyze(db: Database, logger: Logger, everyMs = 15_000): { stop: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => analyzeChangedTables(db))
      .then((tables) => {
        if (tables.length) logger.debug({ tables }, 'analysed changed tables');
      })
      .catch((err: unknown) => logger.warn({ err }, 'analysing changed tables failed'));
  };
  const first = setTimeout(tick, Math.min(everyMs, 5_000));
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
