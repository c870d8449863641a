import type { Logger } from 'pino';
import type { Database, DatabaseKind } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { TokenService } from './lib/token-service.ts';
import type { RedisCommand } from './lib/redis.ts';
import type { TPlanLimits } from '@docket/schemas/plans';
import type { JobQueue } from './jobs/job-queue.ts';
import type { HmrcConfig } from './modules/mtd/hmrc-client.ts';
import type { S3Config } from './modules/expenses/s3-receipt-store.ts';

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
    /** outgoing mail (docs/product.md, "Email and jobs"); absent = outbox only, defaults apply */
    mail?: MailConfig;
    /** HMRC (Making Tax Digital for VAT); absent = the VAT screen says how to set it up */
    hmrc?: HmrcConfig;
    /** expense receipts in S3-compatible storage (docs/product.md, "Expenses"); absent = in the database */
    receiptsS3?: S3Config;
    /** online payments (docs/product.md, "Payments from the link"); absent = none can be configured */
    onlinePayments?: OnlinePaymentsConfig;
  };
  redis?: RedisCommand;
  /** started by server.ts (and by tests that send email); absent = nothing is sent */
  jobs?: JobQueue;
}

export interface OnlinePaymentsConfig {
  /** SECRETS_KEY: encrypts provider keys at rest */
  secretsKey?: string;
  /** test-only SDK hosts */
  stripeApiBase?: string;
  gocardlessApiBase?: string;
}

export interface MailConfig {
  smtpUrl?: string;
  from: string;
  perDay: number;
  /** first retry delay; later ones back off exponentially */
  retryDelaySeconds: number;
  /** the daily limit of an account's first 7 days (default 20) */
  newAccountPerDay?: number;
  /** a claimed send's lease (default 120 s) */
  leaseSeconds?: number;
  /** origin used in links (password reset) */
  publicUrl?: string;
}
export const DEFAULT_MAIL: MailConfig = { from: 'Docket <no-reply@docket.local>', perDay: 200, retryDelaySeconds: 60 };
