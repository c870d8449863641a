import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { ERROR_MESSAGES, type TApiFailure } from '@docket/schemas/errors';

import type { RedisCommand } from '../lib/redis.ts';

export interface RateLimitOptions {
  windowMs: number;
  limit: number;
  /** Keeps counts of different limiters (and test runs) apart in a shared Redis. */
  prefix: string;
  redis?: RedisCommand;
  key: (req: Request) => string;
}

const body: TApiFailure = { success: false, error: ERROR_MESSAGES.rateLimited, code: 'RATE_LIMITED' };

export function createRateLimiter(o: RateLimitOptions): RequestHandler {
  const store: Store | undefined = o.redis
    ? new RedisStore({ prefix: o.prefix, sendCommand: (...args: string[]) => o.redis!(args) as Promise<RedisReply> })
    : undefined;
  return rateLimit({
    windowMs: o.windowMs,
    limit: o.limit,
    // draft 7's limit, remaining and reset; draft 8 adds a partition key, a SHA-256 of the
    // limiter's key (the user's id), worked out on every request for a header no client reads
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: o.key,
    store,
    // A Redis outage must not take the API down with it: fail open, the limiter is a guard rail.
    passOnStoreError: true,
    handler: (_req, res) => {
      res.status(429).json(body);
    },
  });
}

export const ipKey = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
/** Per user once the token verified, else per IP. */
export const userOrIpKey = (req: Request) => (req.tokenUserId ? `user:${req.tokenUserId}` : ipKey(req));
