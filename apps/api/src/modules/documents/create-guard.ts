import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** What a quote or invoice write runs on: the database or the caller's transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Runs inside the create's transaction after the counter row is locked (plan limit re-check). */
export type CreateGuard = (tx: Executor) => Promise<void>;

/**
 * A plan limit the create's own insert checks, one statement fewer than a guard's count: the
 * insert returns `used`, counted in that statement, so after the caller's lock and without its
 * own row (a statement's subqueries see the rows committed before it starts, not the ones it
 * writes); `check` throws to refuse, inside the transaction, which then rolls the insert back.
 */
export interface CountedLimit {
  used: SQL<number>;
  check: (used: number) => void;
}
