import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * The id requestLog gave the request being served, readable from anywhere in its async chain,
 * so an exception nobody caught can still be logged against the request that caused it.
 */
interface RequestStore {
  requestId: unknown;
  actorUserId?: string;
  /** a kept answer looked for and not found under this account version (cache/answer-cache.ts) */
  keptMiss?: { accountId: string; name: string; day: string; version: number };
  /** a session left to the route's own read to check (http/session-in-query.ts) */
  sessionToCheck?: SessionToCheck;
  /** database statements this request has sent so far (statementFollows) */
  statementsSent?: number;
}
const storage = new AsyncLocalStorage<RequestStore>();

export const currentRequestId = (): unknown => storage.getStore()?.requestId;

/**
 * The signed-in member the request acts for, set by authenticate: what history entries, payments,
 * credit notes and emails record as who did it (docs/product.md, "Who did it"). null for the
 * system's own work (sweeps, jobs) and requests without a session.
 */
export const currentActor = (): string | null => storage.getStore()?.actorUserId ?? null;
export const setActor = (userId: string): void => {
  const store = storage.getStore();
  if (store) store.actorUserId = userId;
};

/**
 * Statements of one request that may go ahead of other requests. A request's own work takes a
 * handful (the mix's kinds at most eight); one that goes on sending is bulk work, an import's
 * batches or an export's pages, and from then on waits its turn like a request just begun, so it
 * cannot hold everyone else for its whole length (docs/reliability.md, "Imports and exports never
 * stall other users").
 */
export const FOLLOW_UPS_AHEAD = 16;

/**
 * Whether the statement about to be sent follows an earlier one of the same request, and so runs
 * before requests that have not begun (docs/reliability.md, "In-flight requests first"); counts
 * it. A request's first statement, its statements past FOLLOW_UPS_AHEAD and statements outside
 * any request (jobs, startup) do not.
 */
export const statementFollows = (): boolean => {
  const store = storage.getStore();
  if (!store) return false;
  const sent = (store.statementsSent ?? 0) + 1;
  store.statementsSent = sent;
  return sent > 1 && sent <= FOLLOW_UPS_AHEAD;
};

/**
 * The one-query path of a kept answer found none under `version`: the route's own read of the same
 * answer need not read the version again (it was read in this request, before any work out).
 */
export const noteKeptMiss = (miss: NonNullable<RequestStore['keptMiss']>): void => {
  const store = storage.getStore();
  if (store) store.keptMiss = miss;
};
/** The miss noted for this account, answer and day in this request, if any (taken once). */
export const takeKeptMiss = (accountId: string, name: string, day: string): number | null => {
  const store = storage.getStore();
  const miss = store?.keptMiss;
  if (!miss || miss.accountId !== accountId || miss.name !== name || miss.day !== day) return null;
  store.keptMiss = undefined;
  return miss.version;
};

/**
 * A request's session not yet checked, left to the route's own read (http/session-in-query.ts):
 * the first read of its account takes it, checks it in the same statement (cache/session-read.ts)
 * and hands what it found to `admit`, which refuses (401/403) as authenticate would.
 */
export interface SessionToCheck {
  /** the account the token names: only a read of this account may check it */
  accountId: string;
  userId: string;
  /** the session rule's placeholder values (cache/session-check.ts) */
  values: Record<string, unknown>;
  /** true once a read has handed what it found to `admit` (whether admitted or refused) */
  settled: boolean;
  /** the found session (a SessionLookup), checked by authenticate's and the route's permission rule; throws to refuse */
  admit: (found: unknown) => Promise<void>;
}
export const leaveSessionToRead = (check: SessionToCheck): void => {
  const store = storage.getStore();
  if (store) store.sessionToCheck = check;
};
/** The session this request left to a read of `accountId`, once: the next reads find none. */
export const takeSessionToCheck = (accountId: string): SessionToCheck | null => {
  const store = storage.getStore();
  const check = store?.sessionToCheck;
  if (!check || check.accountId !== accountId) return null;
  store.sessionToCheck = undefined;
  return check;
};
/** Forgets a session left to a read that none took (the route checks it itself). */
export const forgetSessionToCheck = (check: SessionToCheck): void => {
  const store = storage.getStore();
  if (store?.sessionToCheck === check) store.sessionToCheck = undefined;
};

export const bindRequestContext: RequestHandler = (req, _res, next) => {
  storage.run({ requestId: req.id }, next);
};

/** For tests: run `fn` as if serving request `requestId`. */
export const runAsRequest = <T>(requestId: unknown, fn: () => T): T => storage.run({ requestId }, fn);
