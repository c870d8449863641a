import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../src/config/env.ts';

const SECRET = 'a-production-secret-of-at-least-32-characters!';

function failure(env: Record<string, string>): ConfigError {
  try {
    loadEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadEnv', () => {
  it('when nothing is set, then development defaults apply', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      JWT_EXPIRES_IN: '7d',
      RATE_LIMIT_PER_MINUTE: 300,
      AUTH_RATE_LIMIT_PER_MINUTE: 10,
      RATE_LIMIT_WINDOW_MS: 60_000,
      TRUST_PROXY: false,
    });
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.CORS_ORIGIN).toBeUndefined();
  });

  it('when SMTP_URL or MAIL_FROM is malformed, then start-up stops naming the variable', () => {
    for (const bad of ['mail.example.com', 'http://mail.example.com', 'smtp://', 'smtp:/x']) {
      expect(failure({ SMTP_URL: bad }).message).toContain('SMTP_URL');
    }
    for (const bad of ['nobody', 'Docket <nobody>', 'a@b.co\r\nBcc: x@y.z']) {
      expect(failure({ MAIL_FROM: bad }).message).toContain('MAIL_FROM');
    }
    const env = loadEnv({ SMTP_URL: 'smtps://user:pa%40ss@mail.example.com:465', MAIL_FROM: 'Acme <billing@acme.co.uk>' });
    expect(env.SMTP_URL).toBe('smtps://user:pa%40ss@mail.example.com:465');
    expect(env.EMAILS_PER_DAY).toBe(200);
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
  });

  it('when NODE_ENV is production without JWT_SECRET, then it throws naming JWT_SECRET', () => {
    const err = failure({ NODE_ENV: 'production' });
    expect(err.message).toContain('JWT_SECRET');
    expect(err.message).toContain('required when NODE_ENV=production');
    expect(failure({ NODE_ENV: 'production', JWT_SECRET: '' }).message).toContain('JWT_SECRET');
  });

  it('when NODE_ENV is production with a secret, then it loads', () => {
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['JWT_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['AUTH_RATE_LIMIT_PER_MINUTE', 'ten'],
    ['RATE_LIMIT_WINDOW_MS', '1.5'],
    ['DATABASE_POOL_SIZE', 'many'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['JWT_EXPIRES_IN', 'forever'],
    ['CORS_ORIGIN', 'app.example.com'],
    ['CORS_ORIGIN', 'https://app.example.com/path'],
    ['TRUST_PROXY', 'yes please'],
  ])('when %s is %j, then start-up is refused with a message naming it', (name, value) => {
    const err = failure({ [name]: value });
    expect(err.message).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('when BCRYPT_COST is set, then it is read outside production and refused in production', () => {
    expect(loadEnv({ BCRYPT_COST: '4', NODE_ENV: 'test' }).BCRYPT_COST).toBe(4);
    expect(loadEnv({}).BCRYPT_COST).toBeUndefined();
    expect(failure({ BCRYPT_COST: '3' }).message).toContain('BCRYPT_COST');
    const err = failure({ NODE_ENV: 'production', JWT_SECRET: SECRET, BCRYPT_COST: '12' });
    expect(err.message).toContain('BCRYPT_COST');
    expect(err.message).toContain('tests only');
  });

  it('when STRIPE_API_BASE or GOCARDLESS_API_BASE is set, then it is read outside production and refused in production, naming it', () => {
    for (const key of ['STRIPE_API_BASE', 'GOCARDLESS_API_BASE'] as const) {
      expect(loadEnv({ NODE_ENV: 'test', [key]: 'http://127.0.0.1:4010' })[key]).toBe('http://127.0.0.1:4010');
      expect(failure({ [key]: 'not a url' }).message).toContain(key);
      const err = failure({ NODE_ENV: 'production', JWT_SECRET: SECRET, [key]: 'http://127.0.0.1:4010' });
      expect(err.message).toContain(key);
      expect(err.message).toContain('tests only');
    }
  });

  it('when RECEIPTS_S3_BUCKET_URL is set, then both keys are required and the region defaults to us-east-1', () => {
    const bucket = { RECEIPTS_S3_BUCKET_URL: 'http://127.0.0.1:9000/receipts' };
    const err = failure(bucket);
    expect(err.message).toContain('RECEIPTS_S3_ACCESS_KEY_ID: is required when RECEIPTS_S3_BUCKET_URL is set');
    expect(err.message).toContain('RECEIPTS_S3_SECRET_ACCESS_KEY: is required when RECEIPTS_S3_BUCKET_URL is set');
    expect(failure({ RECEIPTS_S3_BUCKET_URL: 'not a url' }).message).toContain('RECEIPTS_S3_BUCKET_URL');
    const env = loadEnv({ ...bucket, RECEIPTS_S3_ACCESS_KEY_ID: 'k', RECEIPTS_S3_SECRET_ACCESS_KEY: 's' });
    expect([env.RECEIPTS_S3_BUCKET_URL, env.RECEIPTS_S3_REGION]).toEqual(['http://127.0.0.1:9000/receipts', 'us-east-1']);
  });

  it('when values are valid, then they are converted', () => {
    const env = loadEnv({
      PORT: '0',
      DATABASE_URL: 'postgres://u:p@db:5432/docket',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PER_MINUTE: '120',
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      CORS_ORIGIN: 'https://app.example.com, http://localhost:5173',
      TRUST_PROXY: '1',
    });
    expect(env).toMatchObject({
      PORT: 0,
      DATABASE_URL: 'postgres://u:p@db:5432/docket',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PER_MINUTE: 120,
      AUTH_RATE_LIMIT_PER_MINUTE: 5,
      CORS_ORIGIN: 'https://app.example.com, http://localhost:5173',
      TRUST_PROXY: 1,
    });
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8');
    const blank = loadEnv({ DATABASE_URL: '', REDIS_URL: '' });
    expect(blank.DATABASE_URL).toBeUndefined();
    expect(blank.REDIS_URL).toBeUndefined();
  });

  it('when a variable is set but empty, then it counts as unset', () => {
    const env = loadEnv({ PORT: '', WEB_DIST_DIR: '', CORS_ORIGIN: ' ', JWT_SECRET: '' });
    expect(env.PORT).toBe(3000);
    expect([env.WEB_DIST_DIR, env.CORS_ORIGIN, env.JWT_SECRET]).toEqual([undefined, undefined, undefined]);
  });

  it('when several values are bad, then each is named', () => {
    const err = failure({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(err.message).toContain('PORT');
    expect(err.message).toContain('LOG_LEVEL');
  });
});
