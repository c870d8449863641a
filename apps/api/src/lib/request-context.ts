import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * The id requestLog gave the request being served, readable from anywhere in its async chain,
 * so an exception nobody caught can still be logged against the request that caused it.
 */
const storage = new AsyncLocalStorage<{ requestId: unknown; actorUserId?: string }>();

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

export const bindRequestContext: RequestHandler = (req, _res, next) => {
  storage.run({ requestId: req.id }, next);
};

/** For tests: run `fn` as if serving request `requestId`. */
export const runAsRequest = <T>(requestId: unknown, fn: () => T): T => storage.run({ requestId }, fn);
