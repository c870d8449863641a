import type { NextFunction, Request, Response } from 'express';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { AppError } from '../lib/app-error.ts';
import type { TokenService } from '../lib/token-service.ts';

export interface AuthUser {
  id: string;
  email: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by identify when a bearer token verifies; the user may still not exist. */
      tokenUserId?: string;
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
        if (check.ok && UUID.test(check.userId)) req.tokenUserId = check.userId;
        else if (check.ok) req.tokenProblem = 'invalid';
        else req.tokenProblem = check.reason;
      }
    }
    next();
  };
}

/** Require a valid token for a user that still exists. */
export function authenticate(findUser: (id: string) => Promise<AuthUser | null>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (!req.tokenUserId) {
      throw AppError.unauthorized(
        req.tokenProblem === 'expired' ? ERROR_MESSAGES.sessionExpired : ERROR_MESSAGES.authRequired,
      );
    }
    const user = await findUser(req.tokenUserId);
    if (!user) throw AppError.unauthorized(ERROR_MESSAGES.sessionExpired);
    req.user = user;
    next();
  };
}

/** The signed-in user of a route behind authenticate. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw AppError.unauthorized();
  return req.user;
}
