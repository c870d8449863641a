import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/**
 * The app's one job interface (docs/product.md, "Email and jobs"). pg-boss backs it on both
 * databases: on PostgreSQL through its own pool, on the embedded PGlite through the same
 * connection the app uses (a small adapter: pg-boss accepts any object with `executeSql`). A job is fetched with SKIP LOCKED, so
 * with several API processes on one database each job runs in exactly one of them.
 */
export interface JobQueue {
  send(name: string, data: object, options?: SendJobOptions): Promise<string | null>;
  /**
   * Register the handler; a thrown error retries the job with backoff until its limit. By default
   * one job per poll. `batchSize`: up to that many per fetch, handed over one at a time, and while
   * fetches come back full the next one is made at once instead of after the poll interval (pg-boss
   * waits the interval after every fetch): a queue of many small jobs drains in seconds. A failure
   * retries the whole batch, so its handler must be safe to run again.
   */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: { batchSize?: number }): Promise<void>;
  /** run `name` on a cron schedule (UTC unless a time zone is given); one process runs each tick */
  schedule(name: string, cron: string, timeZone?: string): Promise<void>;
  /**
   * Polls a table-backed queue in this process: `step` does one unit of work and answers
   * whether it found any; while it does, it runs again at once, else after the poll interval.
   * `wake` runs it now (after this process queued something). Stopped by `stop()`.
   */
  loop(name: string, step: () => Promise<boolean>): void;
  wake(name: string): void;
  /** jobs of `name` still to run or running (the bench waits for none before it measures) */
  unfinished(name: string): Promise<number>;
  /** stop fetching, wait for running handlers, release connections */
  stop(): Promise<void>;
}

export interface SendJobOptions {
  /** at most one queued job per key */
  singletonKey?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** What pg-boss needs of PGlite: PGlite itself has both methods. */
export interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<Array<{ rows: unknown[] }>>;
}

export interface JobQueueOptions {
  connectionString?: string;
  pglite?: PgliteLike;
  logger: Logger;
  /** how often an idle worker looks for work; tests shorten it */
  pollSeconds?: number;
}

/**
 * pg-boss sends multi-statement text without parameters and wants every statement's rows back.
 * It records a job's completion or failure without awaiting it, so its graceful stop can return
 * while that statement still runs; `settled` waits for the statements in flight, so the database
 * is not closed under them (their rejection would be unhandled).
 *
 * That still left one case: a fetch in flight when the stop began hands its job to the worker
 * after the graceful stop has looked for work in progress, so the job runs while the database
 * closes, and the failure pg-boss records for it (unawaited) was rejected: an unhandled
 * rejection (a CI run of server.test.ts, 28 November). Once the stop has begun, a statement that
 * fails is logged and answers a result without rows instead; the job stays active in the queue
 * and is handed out again after its expiry, as after a crash. Without rows, not with an empty
 * list: pg-boss reads the count of a completion or failure as `rows ? rows[0].count : 0`, so an
 * empty list threw there, unawaited, and was unhandled once more (a CI run of
 * online-payments.http.test.ts, 7 December); a fetch reads `rows || []`, and its loops that
 * destructure rows catch what they throw.
 */
// cast: pg-boss's types promise rows on every result, but its code reads them as described above
const unanswered = () => ({}) as { rows: unknown[] };

export function pgliteAdapter(pglite: PgliteLike, logger: Pick<Logger, 'warn'>) {
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  const run = async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) return pglite.query(text, values);
    const results = await pglite.exec(text);
    return (results.length === 1 ? results[0] : results) as { rows: unknown[] };
  };
  return {
    executeSql(text: string, values?: unknown[]) {
      const running = run(text, values);
      const statement = stopping
        ? running.catch((err: unknown) => {
            logger.warn({ err }, 'job queue statement failed while stopping');
            return unanswered();
          })
        : running;
      inFlight.add(statement);
      const forget = () => inFlight.delete(statement);
      statement.then(forget, forget);
      return statement;
    },
    stopping: () => {
      stopping = true;
    },
    settled: () => Promise.allSettled([...inFlight]).then(() => undefined),
  };
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const adapter = options.pglite ? pgliteAdapter(options.pglite, logger) : undefined;
  const boss = adapter ? new PgBoss({ db: adapter }) : new PgBoss({ connectionString: options.connectionString, max: 4, application_name: 'docket-jobs' });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let ready = created.get(name);
    if (!ready) {
      ready = boss.createQueue(name).then(() => undefined);
      created.set(name, ready);
    }
    return ready;
  };
  const pollingIntervalSeconds = options.pollSeconds ?? 2;
  let stopping = false;
  const loops = new Map<string, { wake: () => void; done: Promise<void> }>();

  return {
    async send(name, data, opts = {}) {
      await ensureQueue(name);
      return boss.send(name, data, {
        singletonKey: opts.singletonKey,
        retryLimit: opts.retryLimit ?? 0,
        retryDelay: opts.retryDelaySeconds ?? 30,
        retryBackoff: (opts.retryLimit ?? 0) > 0,
        // A job whose process died mid-run is handed out again after this long.
        expireInSeconds: 120,
      });
    },
    async work(name, handler, workOptions = {}) {
      await ensureQueue(name);
      const batchSize = workOptions.batchSize ?? 1;
      let workerId = '';
      workerId = await boss.work(name, { pollingIntervalSeconds, batchSize }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
        if (workOptions.batchSize && jobs.length === batchSize && !stopping) boss.notifyWorker(workerId);
      });
    },
    async schedule(name, cron, timeZone = 'UTC') {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: timeZone });
    },
    loop(name, step) {
      if (loops.has(name)) return;
      let wakeUp = () => {};
      let woken = false;
      const rest = () =>
        new Promise<void>((resolve) => {
          if (woken) return resolve();
          const timer = setTimeout(resolve, pollingIntervalSeconds * 1000);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      const done = (async () => {
        while (!stopping) {
          woken = false;
          let worked = false;
          try {
            worked = await step();
          } catch (err) {
            logger.error({ err, loop: name }, 'job loop step failed');
          }
          if (!worked && !stopping) await rest();
        }
      })();
      loops.set(name, {
        wake: () => {
          woken = true;
          wakeUp();
        },
        done,
      });
    },
    wake(name) {
      loops.get(name)?.wake();
    },
    async unfinished(name) {
      await ensureQueue(name);
      return boss.getQueueSize(name, { before: 'completed' });
    },
    async stop() {
      stopping = true;
      adapter?.stopping();
      for (const l of loops.values()) l.wake();
      // A send in flight finishes (or reaches its own timeout) before the connection goes.
      await Promise.race([Promise.all([...loops.values()].map((l) => l.done)), new Promise((r) => setTimeout(r, 15_000).unref())]);
      await boss.stop({ graceful: true, timeout: 15_000 });
      await adapter?.settled();
    },
  };
}
