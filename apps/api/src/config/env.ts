import { z } from 'zod';

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
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
    JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]?$/, 'must look like 7d, 12h or 3600').default('7d'),
    CORS_ORIGIN: z.string().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    RATE_LIMIT_PER_MINUTE: intFromEnv(300),
    AUTH_RATE_LIMIT_PER_MINUTE: intFromEnv(10),
    RATE_LIMIT_WINDOW_MS: intFromEnv(60_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? false : /^\d+$/.test(v) ? Number(v) : v === 'true')),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });

export type TEnv = z.infer<typeof ZEnv>;

export class ConfigError extends Error {}

/** Parse once at start; any bad value stops start-up with a message naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
