import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * The id requestLog gave the request being served, readable from anywhere in its async chain,
 * so an exception nobody caught can still be logged against the request that caused it.
 */
const storage = new AsyncLocalStorage<{ requestId: unknown }>();

export const currentRequestId = (): unknown => storage.getStore()?.requestId;

export const bindRequestContext: RequestHandler = (req, _res, next) => {
  storage.run({ requestId: req.id }, next);
};

/** For tests: run `fn` as if serving request `requestId`. */
export const runAsRequest = <T>(requestId: unknown, fn: () => T): T => storage.run({ requestId }, fn);
