import type { NextFunction, Request, Response } from 'express';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { may, ROLE_MESSAGES, type TPermission } from '@docket/schemas/account';
import { AppError } from '../lib/app-error.ts';
import type { TokenService } from '../lib/token-service.ts';
import { setActor } from '../lib/request-context.ts';
import { sessionClaimOf, type AuthAccount, type AuthUser, type SessionClaim, type SessionLookup } from '../cache/session-check.ts';

// The session's shapes live beside the session rule (cache/session-check.ts), which the one-query paths share.
export type { AuthAccount, AuthUser, SessionLookup } from '../cache/session-check.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by identify when a bearer token verifies; the user may still not exist. */
      tokenUserId?: string;
      tokenVersion?: number;
      /** the account the token names (its user's own account for tokens signed before accounts) */
      tokenAccountId?: string;
      /** the membership key the token carries; null in tokens signed before accounts */
      tokenSessionKey?: string | null;
      tokenProblem?: 'expired' | 'invalid';
      /**
       * The session as a one-query path read it for this request's token, by the same session rule
       * (cache/answer-cache.routes.ts): authenticate takes it instead of reading it again.
       */
      sessionLookup?: SessionLookup;
      user?: AuthUser;
      account?: AuthAccount;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verify the bearer token once per request, without failing: rate limits key on it. */
export function identify(tokens: TokenService) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (header) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) req.tokenProblem = 'invalid';
      else {
        const check = tokens.verify(match[1]!);
        if (check.ok && UUID.test(check.userId) && (check.accountId === null || UUID.test(check.accountId))) {
          req.tokenUserId = check.userId;
          req.tokenVersion = check.version;
          // Before accounts a session named only its user, whose data is now the account of the same id.
          req.tokenAccountId = check.accountId ?? check.userId;
          req.tokenSessionKey = check.sessionKey;
        } else if (check.ok) req.tokenProblem = 'invalid';
        else req.tokenProblem = check.reason;
      }
    }
    next();
  };
}

/**
 * Require a valid token for a user that still exists, and note the membership of the token's
 * account when the session holds one: a removed member, or one whose role changed, has no live
 * membership under the token's key. `requirePermission` then checks the route's declared permission.
 */
export function authenticate(findSession: (claim: SessionClaim) => Promise<SessionLookup>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (!req.tokenUserId) {
      throw AppError.unauthorized(req.tokenProblem === 'expired' ? ERROR_MESSAGES.sessionExpired : ERROR_MESSAGES.authRequired);
    }
    const { user, membership } = req.sessionLookup ?? (await findSession(sessionClaimOf(req)));
    // A password reset raises the version: every session signed before it is refused.
    if (!user) throw AppError.unauthorized(ERROR_MESSAGES.sessionExpired);
    req.user = user;
    setActor(user.id);
    if (membership) req.account = membership;
    next();
  };
}

/**
 * Run after `authenticate` with the permission a route declares (http/route.ts, `mountRoutes`):
 * `self` needs only the user; any other, a live membership (else 401, the session has ended) whose
 * role holds it (else 403 "Your role does not allow this").
 */
export function requirePermission(permission: TPermission) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (permission !== 'self') {
      if (!req.account) throw AppError.unauthorized(ERROR_MESSAGES.sessionExpired);
      if (!may(req.account.role, permission)) throw AppError.forbidden(ROLE_MESSAGES.refused);
    }
    next();
  };
}

/** The signed-in user of a route behind authenticate. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw AppError.unauthorized();
  return req.user;
}

/** The account a route behind authenticate works in: every business row is scoped by its id. */
export function currentAccount(req: Request): AuthAccount {
  if (!req.account) throw AppError.unauthorized(ERROR_MESSAGES.sessionExpired);
  return req.account;
}
