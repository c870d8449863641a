import pg from 'pg';

/**
 * The pool's waiting callers, with follow-ups (statements of requests already under way) ahead of
 * first statements, each group in arrival order. pg-pool keeps its waiters in `_pendingQueue` and
 * only pushes, shifts and splices it, so an array that places what it is given is all it takes;
 * `pg-in-flight-first.test.ts` fails if a pg-pool upgrade stops using it.
 */
class FollowUpsFirst<T extends object> extends Array<T> {
  // slices and splices of this queue are plain arrays
  static override get [Symbol.species]() {
    return Array;
  }
  /** set by the pool around its own connect(): whether the caller it queues now is a follow-up */
  nextFollows = false;
  private readonly followUps = new WeakSet<T>();

  override push(...items: T[]): number {
    for (const item of items) {
      if (!this.nextFollows) {
        super.push(item);
        continue;
      }
      let at = 0;
      while (at < this.length && this.followUps.has(this[at]!)) at++;
      this.followUps.add(item);
      super.splice(at, 0, item);
    }
    return this.length;
  }
}

/**
 * A pg pool that serves a request already under way before starting another (docs/reliability.md,
 * "In-flight requests first"), as PGlite's thread does: when every connection is busy, a caller
 * whose request has already run a statement waits ahead of requests that have not begun.
 */
class InFlightFirstPool extends pg.Pool {
  private readonly waiting = new FollowUpsFirst<object>();
  constructor(
    config: pg.PoolConfig,
    private readonly follows: () => boolean,
  ) {
    super(config);
    (this as unknown as { _pendingQueue: object[] })._pendingQueue = this.waiting;
  }
  override connect(...args: unknown[]): never {
    this.waiting.nextFollows = this.follows();
    try {
      return (super.connect as (...a: unknown[]) => never)(...args);
    } finally {
      this.waiting.nextFollows = false;
    }
  }
}

export const inFlightFirstPool = (config: pg.PoolConfig, follows: () => boolean): pg.Pool => new InFlightFirstPool(config, follows);
