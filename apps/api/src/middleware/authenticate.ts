import type { NextFunction, Request, Response } from 'express';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { AppError } from '../lib/app-error.ts';
import type { TokenService } from '../lib/token-service.ts';

export interface AuthUser {
  id: string;
  email: string;
}
/** What authenticate reads: the user and the token version its sessions must carry. */
export interface AuthLookup extends AuthUser {
  tokenVersion: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by identify when a bearer token verifies; the user may still not exist. */
      tokenUserId?: string;
      tokenVersion?: number;
      tokenProblem?: 'expired' | 'invalid';
      user?: AuthUser;
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
        if (check.ok && UUID.test(check.userId)) {
          req.tokenUserId = check.userId;
          req.tokenVersion = check.version;
        }
        else if (check.ok) req.tokenProblem = 'invalid';
        else req.tokenProblem = check.reason;
      }
    }
    next();
  };
}

/** Require a valid token for a user that still exists. */
export function authenticate(findUser: (id: string) => Promise<AuthLookup | null>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (!req.tokenUserId) {
      throw AppError.unauthorized(
        req.tokenProblem === 'expired' ? ERROR_MESSAGES.sessionExpired : ERROR_MESSAGES.authRequired,
      );
    }
    const user = await findUser(req.tokenUserId);
    // A password reset raises the version: every session signed before it is refused.
    if (!user || user.tokenVersion !== (req.tokenVersion ?? 0)) throw AppError.unauthorized(ERROR_MESSAGES.sessionExpired);
    req.user = { id: user.id, email: user.email };
    next();
  };
}

/** The signed-in user of a route behind authenticate. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw AppError.unauthorized();
  return req.user;
}
