import type { RequestHandler } from 'express';
import { apiRoutes } from '../src/composition.ts';
import type { AppContext } from '../src/context.ts';
import type { Modules } from '../src/composition.ts';
import { inMountOrder, type Route } from '../src/http/route.ts';

/**
 * Stands in for every service when only the declarations are wanted: the route factories keep
 * their services in closures and call none of them while declaring, so any property or call answers
 * another stand-in.
 */
const standIn: unknown = new Proxy(function standIn() {}, {
  get: (_target, key) => (key === 'then' ? undefined : standIn),
  apply: () => standIn,
});
const noop: RequestHandler = (_req, _res, next) => next();

/**
 * The route registry as the app mounts it (composition.ts, apiRoutes), in mount order, built
 * without a database: what test/answer-schemas.ts and test/adversarial/routes.ts read.
 */
export const REGISTRY: readonly Route[] = inMountOrder(
  apiRoutes(standIn as AppContext, standIn as Modules, { authLimiter: noop, resetLimiter: noop, publicOrigin: () => 'http://localhost' }),
);
