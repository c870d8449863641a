import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { parse } from '../middleware/validate.ts';
import { currentAccount, currentUser, requirePermission, type AuthUser } from '../middleware/authenticate.ts';
import type { TPermission as Permission } from '@docket/schemas/account';
import { sendData } from '../lib/respond.ts';
import { sessionInQuery } from './session-in-query.ts';

/**
 * The route registry (issue 39; docs/how-to-add-a-field.md, "Routes"): every module declares each
 * of its routes once, as data, with `defineRoute`. Mounting (`mountRoutes`), the tests' answer
 * checks (test/answer-schemas.ts) and the adversarial suite's route list (test/adversarial/routes.ts)
 * all read these declarations.
 */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Where in the API's middleware order a route is mounted (app.ts):
 * - `health`: before the rate limiter;
 * - `public`: client links under /public, behind their own limiter and headers, their JSON parser
 *   run per route after `before` (so a dead link costs nothing);
 * - `webhook`: provider webhooks, raw bodies, before the per-user limiter;
 * - `upload`: bodies that are files (CSV imports, receipts, statements), before the JSON parser;
 * - `json` (the default): after the JSON body parser.
 */
export type Stage = 'health' | 'public' | 'webhook' | 'upload' | 'json';

/**
 * Who may call a route, declared with it (docs/product.md, "Accounts and roles"):
 * - `{ auth: 'public' }`: no session (sign-in, client links, webhooks, health);
 * - `{ permission }`: a live session whose role holds the permission (`may`, @docket/schemas/account);
 *   `self` needs only the signed-in user, in any account or none.
 * One or the other: a route that needs a session cannot be declared without its permission.
 */
export type Access = { auth: 'public'; permission?: never } | { permission: Permission; auth?: never };

/** A response that is not JSON (a PDF, CSV, XML, zip, a redirect): the handler writes it itself. */
export interface RawResponse {
  raw: string;
}
export const raw = (contentType: string): RawResponse => ({ raw: contentType });

/**
 * What a JSON route's handler returns when it wrote another kind of answer itself (a CSV asked for
 * with ?format=csv, a redirect for a browser): nothing more is sent.
 */
export const SENT = Symbol('sent');

interface Parts {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the parsed request parts, and the request and response for anything else. */
export interface RouteInput<P extends Parts> {
  params: Out<P['params']>;
  query: Out<P['query']>;
  body: Out<P['body']>;
  req: Request;
  res: Response;
  /** the account the session works in (throws 401 when there is none: only behind a `permission`) */
  readonly accountId: string;
  /** the signed-in user (only behind a `permission`) */
  readonly user: AuthUser;
}

interface RouteFields<P extends Parts, R extends z.ZodType | RawResponse> {
  method: Method;
  /** the full path under /api, Express syntax (`:id` is one segment) */
  path: string;
  request?: P;
  /** the schema of `data` in a 2xx answer, or `raw(contentType)` when the handler writes the answer */
  response: R;
  /** the status of a JSON answer (default 200) */
  status?: number;
  stage?: Stage;
  /**
   * middleware run first, before the session and role checks and the parsing (limiters, kept answers,
   * early checks); one that answers from the session itself must refuse every role the permission does
   */
  before?: RequestHandler[];
  /** middleware run after the session check, before the parsing (the body readers of `upload` routes) */
  after?: RequestHandler[];
  /**
   * Routes whose service reads the token's account through cache/session-read.ts: the session is
   * checked in that read's statement, not a query of its own (http/session-in-query.ts). Refusals are
   * the same; a route whose read does not take it still has it checked before answering. A write
   * route may declare it only when that read comes before anything it writes (POST /invoices: the
   * settings and client it prices with), so a refused session has written nothing.
   */
  sessionInQuery?: boolean;
  /** JSON routes: what it returns is sent as `data`; raw routes: write the answer and return nothing */
  handler: (input: RouteInput<P>) => Promise<R extends z.ZodType ? unknown : void> | (R extends z.ZodType ? unknown : void);
}

/** A route's declaration: what it takes and answers, and who may call it (`Access`). */
export type RouteSpec<P extends Parts = Parts, R extends z.ZodType | RawResponse = z.ZodType | RawResponse> = RouteFields<P, R> & Access;

/** One registered route; the type every module's list is made of. */
export type Route = RouteSpec<Parts, z.ZodType | RawResponse>;

/** Declare one route; the handler's params, query and body are typed from the request schemas. */
export function defineRoute<P extends Parts = Record<never, never>, R extends z.ZodType | RawResponse = z.ZodType | RawResponse>(spec: RouteSpec<P, R>): Route {
  return spec as unknown as Route;
}

export const isRaw = (response: Route['response']): response is RawResponse => typeof (response as RawResponse).raw === 'string';

export interface MountOptions {
  /** the session check every route with a `permission` runs, before its role check (middleware/authenticate.ts) */
  requireUser: RequestHandler;
  /** a body parser run per route after `before` (the public stage's) */
  body?: RequestHandler[];
}

/**
 * Mount routes on the /api router in the order given: `before`, the session check and the role check
 * of the route's declared permission (a 403 "Your role does not allow this"), `after`, then params,
 * query and body parsed in that order with the shared `parse` (strict bodies: an unknown key is a
 * 400 naming it), the handler, and for JSON routes `{success, data}` with the declared status.
 */
export function mountRoutes(router: Router, routes: readonly Route[], options: MountOptions) {
  // Express tries every route of a router in turn, a path match each: with the API's ~150 routes a
  // request for one near the end paid for all those before it (about 5% of a simple read's CPU).
  // Routes are grouped by their first segment, which is a literal in every path we declare, so a
  // request only tries the routes that could match it, still in their declared order.
  if (!routes.every((r) => LITERAL_FIRST_SEGMENT.test(r.path))) {
    for (const route of routes) mountRoute(router, route, options);
    return;
  }
  const groups = new Map<string, Router>();
  for (const route of routes) {
    const key = firstSegment(route.path);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = Router()));
    mountRoute(group, route, options);
  }
  router.use((req, res, next) => {
    // no route declares OPTIONS: a group router would answer it with an Allow list instead of
    // letting it reach the API's 404, as it did when every route sat on one router
    const group = req.method === 'OPTIONS' ? undefined : groups.get(firstSegment(req.path));
    if (group) group(req, res, next);
    else next();
  });
}

/** A path whose first segment is plain text (no parameter or pattern), as every declared path has. */
const LITERAL_FIRST_SEGMENT = /^\/[A-Za-z0-9_.~-]+(?:\/|$)/;

/** A path's first segment, lower-cased as Express matches paths (case-insensitively); '' for "/". */
export function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end < 0 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

function mountRoute(router: Router, route: Route, options: MountOptions) {
  const chain: RequestHandler[] = [...(route.before ?? []), ...(options.body ?? [])];
  const inQuery = route.permission && route.sessionInQuery ? sessionInQuery(options.requireUser, route.permission) : null;
  if (inQuery && route.after?.length) throw new Error(`${route.path}: a session checked in the query runs no 'after' middleware`);
  if (route.permission && !inQuery) chain.push(options.requireUser, requirePermission(route.permission));
  chain.push(...(route.after ?? []));
  const { params, query, body } = route.request ?? {};
  chain.push(async (req, res) => {
    const waiting = inQuery ? await inQuery.begin(req, res) : null;
    const input = {
      req,
      res,
      get accountId() {
        // until the route's read checks it, the account the token names (that read checks it is theirs)
        return waiting && !req.account ? waiting.accountId : currentAccount(req).id;
      },
      get user() {
        return currentUser(req);
      },
    } as RouteInput<Parts>;
    let result: unknown;
    try {
      input.params = params ? parse(params, req.params) : undefined;
      input.query = query ? parse(query, req.query) : undefined;
      input.body = body ? parse(body, req.body) : undefined;
      result = await route.handler(input);
    } catch (e) {
      // a refusal of the session comes before any other error, as when it was checked first
      await inQuery?.end(req, res, waiting);
      throw e;
    }
    await inQuery?.end(req, res, waiting);
    if (!isRaw(route.response) && result !== SENT) sendData(res, result, route.status ?? 200);
  });
  router[route.method](route.path, ...chain);
}

/** The routes of one stage, in their declared order. */
export const inStage = (routes: readonly Route[], stage: Stage) => routes.filter((r) => (r.stage ?? 'json') === stage);

/** The order app.ts mounts the stages in (with the middleware between them). */
export const STAGES: readonly Stage[] = ['health', 'public', 'webhook', 'upload', 'json'];

/** Every route in the order Express tries them: the first that matches a request answers it. */
export const inMountOrder = (routes: readonly Route[]) => STAGES.flatMap((stage) => inStage(routes, stage));

/** A route's path as a regular expression over paths under /api (`:x` is one segment). */
export const pathPattern = (path: string) => new RegExp(`^${path.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}/?$`);
