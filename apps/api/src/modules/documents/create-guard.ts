import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** What a quote or invoice write runs on: the database or the caller's transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Runs inside the create's transaction after the counter row is locked (plan limit re-check). */
export type CreateGuard = (tx: Executor) => Promise<void>;

/**
 * A plan limit the create's own insert refuses (migration 0052): the insert returns
 * `withinLimit(limit)`, which counts `used` in that statement, so after the caller's lock and
 * without its own row (a statement's subqueries see the rows committed before it starts, not the
 * ones it writes), and fails the statement at `max`, which rolls the create back. `refuse` throws
 * the refusal the API answers; the caller calls it for an error `isLimitRefusal` recognises.
 */
export interface CountedLimit {
  used: SQL<number>;
  max: number;
  refuse: () => never;
}

/** The SQLSTATE of docket_within_limit's refusal (migration 0052). */
const PLAN_LIMIT_SQLSTATE = 'DKL01';

/** `used`, or the statement fails when it has reached the limit. */
export const withinLimit = (limit: CountedLimit) => sql<number>`docket_within_limit(${limit.used}, ${limit.max})`.mapWith(Number);

/** Whether a create failed because its insert refused the plan's limit (the driver's error, or its cause). */
function isLimitRefusal(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === PLAN_LIMIT_SQLSTATE || e?.cause?.code === PLAN_LIMIT_SQLSTATE;
}

/** `create`, with its insert's refusal at `limit` thrown as the plan's own refusal (`limit.refuse`). */
export async function refusedAtLimit<T>(limit: CountedLimit | null | undefined, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (limit && isLimitRefusal(error)) limit.refuse();
    throw error;
  }
}
