import type { Database } from '../../db/client.ts';

/** What a quote or invoice write runs on: the database or the caller's transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Runs inside the create's transaction after the counter row is locked (plan limit re-check). */
export type CreateGuard = (tx: Executor) => Promise<void>;
