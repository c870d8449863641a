import type { Logger } from 'pino';
import type { Database, DatabaseKind } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { TokenService } from './lib/token-service.ts';
import type { RedisCommand } from './lib/redis.ts';
import type { TPlanLimits } from '@docket/schemas/plans';

/** Everything a request handler may depend on, built once by server.ts (or a test). */
export interface AppContext {
  db: Database;
  dbKind: DatabaseKind;
  tokens: TokenService;
  clock: Clock;
  logger: Logger;
  config: {
    corsOrigin?: string;
    trustProxy: boolean | number | string;
    rateLimitWindowMs: number;
    rateLimitPerMinute: number;
    authRateLimitPerMinute: number;
    /** per IP on /api/public (client links); default 60 */
    publicRateLimitPerMinute?: number;
    /** how long a client link lives; default 90 days */
    shareLinkDays?: number;
    /** origin client links point at; absent = the request's own origin */
    publicAppUrl?: string;
    /** distinct per deployment/test run so shared Redis counts never mix */
    rateLimitPrefix: string;
    /** built web app to serve from the same origin; absent = API only */
    webDistDir?: string;
    bcryptCost: number;
    /** tests lower limits to prove enforcement; production uses the plan's own */
    planLimitOverrides?: Partial<TPlanLimits>;
  };
  redis?: RedisCommand;
}
