import type { Request, RequestHandler } from 'express';
import { sendData } from '../lib/respond.ts';
import { sessionClaimOf } from './session-check.ts';
import type { KeptForSession } from './answer-cache.ts';

/** The kept name a GET / asks for, or null when its answer is never kept. */
type NameOf = (req: Request) => string | null;

/**
 * Run before the session check of GET /quotes, /clients and /dashboard (the routes'
 * `before`, http/route.ts): a request whose answer
 * is kept for today is sent from one query that also checks the session (docs/product.md, "Kept
 * answers"). Anything else (no token, another page, nothing kept, a session no longer valid) goes
 * on to requireUser and the route, which answer every case as before.
 */
export function keptAnswerFirst(keptForSession: KeptForSession, nameOf: NameOf): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' || !req.tokenUserId) return next();
    const name = nameOf(req);
    const found = name ? await keptForSession(sessionClaimOf(req), name) : null;
    if (found?.answer) return sendData(res, found.answer);
    // checked by the same rule in the same query: authenticate takes it instead of asking again
    if (found) req.sessionLookup = found.session;
    next();
  };
}

/** Always the same name: an answer without parameters. */
export const named =
  (name: string): NameOf =>
  () =>
    name;
