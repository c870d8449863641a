import { isIP } from 'node:net';
import { z } from 'zod';

/** scheme://host[:port] with nothing after it: what a browser sends as Origin. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** Values Express's `trust proxy` accepts; anything else would throw later with no variable name. */
function isTrustProxy(value: string): boolean {
  if (value === '' || value === 'true' || value === 'false' || /^\d+$/.test(value)) return true;
  return value.split(',').every((part) => {
    const token = part.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(token)) return true;
    const [ip, bits, extra] = token.split('/');
    if (extra !== undefined || !ip || isIP(ip) === 0) return false;
    return bits === undefined || /^\d{1,3}$/.test(bits);
  });
}

/** smtp:// or smtps:// with a host; anything else would only fail at the first send. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A bare address or `Name <address>`, no line breaks (it becomes the From header). */
function isMailFrom(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address.trim());
}

const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_POOL_SIZE: intFromEnv(10),
    DATA_DIR: z.string().default('./data'),
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhd]?$/, 'must look like 7d, 12h or 3600')
      .default('7d'),
    CORS_ORIGIN: z
      .string()
      .optional()
      .transform((v) => (v ? v.trim() : undefined))
      .refine((v) => v === undefined || v.split(',').every((o) => isOrigin(o.trim())), {
        message: 'must be one or more comma-separated origins like https://app.example.com',
      }),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    RATE_LIMIT_PER_MINUTE: intFromEnv(300),
    AUTH_RATE_LIMIT_PER_MINUTE: intFromEnv(10),
    RATE_LIMIT_WINDOW_MS: intFromEnv(60_000),
    SMTP_URL: z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL like smtp://user:pass@mail.example.com:587').optional(),
    MAIL_FROM: z.string().refine(isMailFrom, 'must be an email address, optionally as "Name <address>"').default('Docket <no-reply@docket.local>'),
    EMAILS_PER_DAY: intFromEnv(200),
    EMAIL_RETRY_SECONDS: intFromEnv(60),
    /** an account's daily email limit for its first 7 days (docs/product.md, "Email and jobs") */
    NEW_ACCOUNT_EMAILS_PER_DAY: intFromEnv(20),
    /** how long a claimed send is held before another process may retry it (a process killed mid-send) */
    EMAIL_LEASE_SECONDS: intFromEnv(120),
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    PUBLIC_URL: z
      .string()
      .optional()
      .refine((v) => v === undefined || isOrigin(v), { message: 'must be an origin like https://docket.example.com' }),
    PUBLIC_RATE_LIMIT_PER_MINUTE: intFromEnv(60),
    SHARE_LINK_DAYS: intFromEnv(90),
    /** encrypts online payment providers' keys and HMRC's tokens at rest (docs/product.md, "Payments from the link", "Filing VAT returns with HMRC") */
    SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /** test-only: the Stripe and GoCardless SDKs' host, a fake provider on 127.0.0.1 */
    STRIPE_API_BASE: z.url({ error: 'must be a URL like http://127.0.0.1:4010' }).optional(),
    GOCARDLESS_API_BASE: z.url({ error: 'must be a URL like http://127.0.0.1:4011' }).optional(),
    /** test-only: bcrypt's cost for new password hashes (12 otherwise); the browser journeys register dozens of users */
    BCRYPT_COST: z.coerce.number().int().min(4).max(31).optional(),
    /** Making Tax Digital for VAT (README, "Filing VAT returns with HMRC"); needs HMRC_CLIENT_SECRET and SECRETS_KEY */
    HMRC_CLIENT_ID: z.string().optional(),
    HMRC_CLIENT_SECRET: z.string().optional(),
    /** HMRC's API host (default: the sandbox) and sign-in host (default: the sandbox's) */
    HMRC_API_BASE: z.string().url().default('https://test-api.service.hmrc.gov.uk'),
    HMRC_AUTH_BASE: z.string().url().default('https://test-www.tax.service.gov.uk'),
    /**
     * Expense receipts in S3-compatible storage (docs/product.md, "Expenses"): the bucket's URL,
     * path-style; empty keeps them in the database. Needs the two keys; the region defaults to us-east-1.
     */
    RECEIPTS_S3_BUCKET_URL: z.url({ error: 'must be a URL like https://s3.eu-west-2.amazonaws.com/docket-receipts' }).optional(),
    RECEIPTS_S3_REGION: z.string().default('us-east-1'),
    RECEIPTS_S3_ACCESS_KEY_ID: z.string().optional(),
    RECEIPTS_S3_SECRET_ACCESS_KEY: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .refine((v) => v === undefined || isTrustProxy(v.trim()), {
        message: 'must be true, false, a hop count, or comma-separated loopback/linklocal/uniquelocal/IP/CIDR values',
      })
      .transform((v): boolean | number | string => {
        const t = v?.trim() ?? '';
        if (t === '' || t === 'false') return false;
        if (t === 'true') return true;
        return /^\d+$/.test(t) ? Number(t) : t;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.HMRC_CLIENT_ID && (!env.HMRC_CLIENT_SECRET || !env.SECRETS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.HMRC_CLIENT_SECRET ? 'SECRETS_KEY' : 'HMRC_CLIENT_SECRET'],
        message: 'is required when HMRC_CLIENT_ID is set',
      });
    }
    if (env.RECEIPTS_S3_BUCKET_URL) {
      for (const key of ['RECEIPTS_S3_ACCESS_KEY_ID', 'RECEIPTS_S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when RECEIPTS_S3_BUCKET_URL is set' });
      }
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    for (const key of ['STRIPE_API_BASE', 'GOCARDLESS_API_BASE', 'BCRYPT_COST'] as const) {
      if (env.NODE_ENV === 'production' && env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is for tests only and must not be set when NODE_ENV=production' });
    }
  });

export type TEnv = z.infer<typeof ZEnv>;
/** Every variable the API reads (.env.example and docker-compose.yml are checked against it). */
export const ENV_KEYS = Object.keys(ZEnv.shape) as Array<keyof TEnv>;

export class ConfigError extends Error {}

/** Parse once at start; any bad value stops start-up with a message naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  // `NAME=` (as in .env.example or compose's ${NAME:-}) means unset, never "" or port 0.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
