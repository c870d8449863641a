import type { Request, RequestHandler, Response } from 'express';
import { may, ROLES, type TPermission } from '@docket/schemas/account';
import { requirePermission } from '../middleware/authenticate.ts';
import { sessionClaimOf, sessionValues, type SessionLookup } from '../cache/session-check.ts';
import { forgetSessionToCheck, leaveSessionToRead, type SessionToCheck } from '../lib/request-context.ts';

/** Run a middleware as a function: resolves when it calls next(), rejects when it throws or passes an error. */
const runMiddleware = (handler: RequestHandler, req: Request, res: Response): Promise<void> =>
  new Promise((resolve, reject) => {
    try {
      const out = handler(req, res, (err?: unknown) => (err ? reject(err as Error) : resolve())) as unknown;
      if (out instanceof Promise) out.catch(reject);
    } catch (e) {
      reject(e as Error);
    }
  });

/**
 * A read route's session checked in the route's own statement instead of a query of its own
 * (issue 38: on PostgreSQL each statement is a round trip; on PGlite a parse, plan and run). The
 * route declares `sessionInQuery`; its service's first read of the token's account runs behind
 * the session rule (cache/session-read.ts) and hands what it found to `admit`: the same
 * authenticate and requirePermission as every other route, so the same 401s and 403s, decided
 * on what the database held when the answer was read. Whatever the read did not settle (no read
 * of that account ran, it failed, the handler refused first) is checked the usual way before
 * anything is answered, refusals first as before.
 */
export function sessionInQuery(requireUser: RequestHandler, permission: TPermission) {
  const roles = ROLES.filter((r) => may(r, permission)).join('-');
  const check = async (req: Request, res: Response) => {
    await runMiddleware(requireUser, req, res);
    await runMiddleware(requirePermission(permission), req, res);
  };
  return {
    /** Before the handler: the session left to the route's read, or checked now (no token, or already read by a kept answer's query). */
    async begin(req: Request, res: Response): Promise<SessionToCheck | null> {
      if (!req.tokenUserId || req.sessionLookup) {
        await check(req, res);
        return null;
      }
      const claim = sessionClaimOf(req);
      const waiting: SessionToCheck = {
        accountId: claim.accountId,
        userId: claim.userId,
        values: { ...sessionValues(claim), sessionAccountId: claim.accountId, sessionRoles: roles },
        settled: false,
        admit: async (found) => {
          waiting.settled = true;
          req.sessionLookup = found as SessionLookup;
          await check(req, res);
        },
      };
      leaveSessionToRead(waiting);
      return waiting;
    },
    /** After the handler, answer or error: a session no read settled is checked now, before anything is sent. */
    async end(req: Request, res: Response, waiting: SessionToCheck | null): Promise<void> {
      if (!waiting || waiting.settled) return;
      forgetSessionToCheck(waiting);
      req.sessionLookup = undefined;
      await check(req, res);
    },
  };
}
