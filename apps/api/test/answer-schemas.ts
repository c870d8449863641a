import type { Express, Response } from 'express';
import { z } from 'zod';
import { ZApiFailure, ZApiSuccess } from '@docket/schemas/errors';
import { inMountOrder, isRaw, pathPattern, type Route } from '../src/http/route.ts';

type AnswerRoute = [string, RegExp, z.ZodType];

/**
 * Method, path pattern under /api, and the schema of `data` in a 2xx answer: read from the route
 * registry the app mounted (app.ts keeps it in `app.locals.routes`): every JSON route declares its
 * `response`; raw answers such as PDFs and CSVs declare none and are not JSON. In mount order, so
 * the first match is the route Express would run.
 */
function answerRoutes(routes: readonly Route[]): AnswerRoute[] {
  return inMountOrder(routes).flatMap((r) => (isRaw(r.response) ? [] : [[r.method.toUpperCase(), pathPattern(r.path), r.response] as AnswerRoute]));
}

/** Money fields an engineer who may not see prices must never receive (written apart from the server's list). */
const MONEY_FIELDS = new Set([
  'price',
  'annualPrice',
  'unitPrice',
  'subtotal',
  'taxAmount',
  'total',
  'vatBreakdown',
  'reverseChargeVat',
  'invoicedAmount',
  'remainingAmount',
  'amountDue',
  'balanceDue',
  'amountPaid',
  'amountCredited',
  'net',
  'vatAmount',
]);

/** A schema whose money fields may be absent: what a price-hidden engineer's answer is checked against. */
function moneyOptional(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => [k, MONEY_FIELDS.has(k) ? moneyOptional(v).optional() : moneyOptional(v)]),
    );
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(moneyOptional(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return moneyOptional(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return moneyOptional(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(moneyOptional) as [z.ZodType, z.ZodType]);
  return schema;
}

/** Every money field name found anywhere in `value`, with its path. */
export function moneyFieldsIn(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => moneyFieldsIn(v, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(MONEY_FIELDS.has(k) ? [`${at}.${k}`] : []), ...moneyFieldsIn(v, `${at}.${k}`)]);
  }
  return [];
}

/** The schema an answer to `method path` must satisfy (every JSON route declares one; PDFs are not JSON). */
function answerSchema(routes: AnswerRoute[], method: string, path: string, status: number): z.ZodType | undefined {
  if (status >= 400) return ZApiFailure;
  if (!path.startsWith('/api/')) return undefined;
  const route = routes.find(([m, p]) => m === method && p.test(path.slice(4)));
  return route && ZApiSuccess(route[2]);
}

/**
 * Every JSON answer an API test receives is parsed with the response schemas of
 * packages/schemas, so a field that drifts (renamed, added, retyped) fails the test that
 * met it: the answer becomes a 500 and the mismatch is printed.
 */
export function checkAnswers(app: Express): Express {
  const registered = app.locals.routes as readonly Route[] | undefined;
  if (!registered) throw new Error('checkAnswers needs an app with its route registry in app.locals.routes (createApp sets it)');
  const routes = answerRoutes(registered);
  const response = app.response as Response;
  const json = response.json;
  const send = response.send;
  const check = (res: Response, body: unknown) => {
    const req = res.req;
    const path = req.originalUrl.split('?')[0]!;
    const listed = answerSchema(routes, req.method, path, res.statusCode);
    // An engineer who may not see prices: the answer has no money field at all, and the rest matches.
    const hidden = req.account?.role === 'ENGINEER' && !req.account.engineersSeePrices && res.statusCode < 400;
    if (hidden) {
      const found = moneyFieldsIn(body);
      if (found.length) {
        const problem = `answer to ${req.method} ${req.originalUrl} carries money to an engineer: ${found.slice(0, 5).join(', ')}`;
        console.error(problem);
        throw new Error(problem);
      }
    }
    const schema = hidden && listed ? moneyOptional(listed) : listed;
    // A JSON answer on a path no registered JSON route matches fails the test that met it.
    const parsed = schema ? schema.safeParse(body) : path.startsWith('/api/') ? { success: false as const, error: null } : undefined;
    if (parsed && !parsed.success) {
      const why = parsed.error ? z.prettifyError(parsed.error) : 'no response schema is listed for this route';
      const problem = `answer to ${req.method} ${req.originalUrl} does not match its schema: ${why}`;
      console.error(problem);
      throw new Error(problem);
    }
  };
  const checkedByJson = new WeakSet<Response>();
  response.json = function checkedJson(this: Response, body: unknown) {
    check(this, body);
    checkedByJson.add(this);
    return json.call(this, body);
  };
  // Answers the database wrote as JSON text (lib/respond.ts) reach send without passing json.
  response.send = function checkedSend(this: Response, body?: unknown) {
    if (typeof body === 'string' && !checkedByJson.has(this) && /^application\/json/.test(String(this.get('Content-Type')))) {
      check(this, JSON.parse(body));
    }
    return send.call(this, body);
  };
  return app;
}
