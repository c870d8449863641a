import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_KEYS, loadEnv } from '../src/config/env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (name: string) => readFileSync(path.join(repoRoot, name), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };

/** Substitute ${VAR:-default} / ${VAR:?message} the way compose does, from `vars`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    const set = vars[name];
    if (set) return set;
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

describe('docker-compose.yml', () => {
  it('when parsed, then it has exactly the app and db services and a named database volume', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db']);
    expect(compose.services.db!.image).toBe('postgres:16');
    expect(compose.services.app!.build).toBeDefined();
    const [volume] = compose.services.db!.volumes ?? [];
    expect(volume).toMatch(/^db-data:\/var\/lib\/postgresql\/data$/);
    expect(Object.keys(compose.volumes)).toContain('db-data');
  });

  it('when parsed, then the app publishes port 3000 and waits for a healthy database', () => {
    const app = compose.services.app!;
    expect(app.ports).toContain('3000:3000');
    expect(app.environment?.PORT).toBe('3000');
    expect(app.depends_on?.db?.condition).toBe('service_healthy');
    expect(app.healthcheck?.test.join(' ')).toContain('/api/health');
    expect(compose.services.db!.healthcheck?.test.join(' ')).toContain('pg_isready');
  });

  it('when parsed, then DATABASE_URL points at the db service with its credentials', () => {
    const app = compose.services.app!;
    const db = compose.services.db!.environment!;
    const url = new URL(interpolate(app.environment!.DATABASE_URL!, {}));
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('db');
    expect(url.port).toBe('5432');
    expect(url.username).toBe(db.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(interpolate(db.POSTGRES_PASSWORD!, {}));
    expect(url.pathname).toBe(`/${db.POSTGRES_DB}`);
  });

  it('when JWT_SECRET is not in the environment, then compose refuses; when it is, the app env loads in production', () => {
    const env = compose.services.app!.environment!;
    expect(env.NODE_ENV).toBe('production');
    expect(() => interpolate(env.JWT_SECRET!, {})).toThrow(/JWT_SECRET/);
    const vars = { JWT_SECRET: 'x'.repeat(48) };
    const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v, vars)]));
    expect(loadEnv(resolved)).toMatchObject({ NODE_ENV: 'production', PORT: 3000, JWT_SECRET: 'x'.repeat(48) });
  });

  it('when parsed, then every app variable is one the API reads', () => {
    for (const key of Object.keys(compose.services.app!.environment!)) expect(ENV_KEYS).toContain(key);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('when read, then it is multi-stage on node:20-slim and runs the API bundle in production', () => {
    expect(dockerfile.match(/^FROM node:20-slim AS \w+/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile/);
    expect(dockerfile).toMatch(/pnpm --filter @docket\/web build && pnpm --filter @docket\/api build/);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/CMD \["node", "apps\/api\/dist\/server.js"\]/);
    expect(dockerfile).toMatch(/EXPOSE 3000/);
  });
});

describe('.env.example', () => {
  it('when read, then it lists every setting env.ts reads, each with a comment, and nothing else', () => {
    const lines = read('.env.example').split('\n');
    const keys = lines.map((l) => /^([A-Z][A-Z0-9_]*)=/.exec(l)?.[1]).filter((k): k is string => Boolean(k));
    expect([...keys].sort()).toEqual([...ENV_KEYS].sort());
    for (const key of keys) {
      const at = lines.findIndex((l) => l.startsWith(`${key}=`));
      const above = lines
        .slice(0, at)
        .reverse()
        .find((l) => !/^[A-Z]/.test(l));
      expect(above, `${key} needs a comment`).toMatch(/^#/);
    }
  });

  it('when its values are loaded as they stand, then they are a valid development configuration', () => {
    const values = Object.fromEntries(
      read('.env.example')
        .split('\n')
        .map((l) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(l))
        .filter((m): m is RegExpExecArray => Boolean(m))
        .map((m) => [m[1]!, m[2]!]),
    );
    const env = loadEnv(values);
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, TRUST_PROXY: false });
    for (const unset of ['DATABASE_URL', 'JWT_SECRET', 'CORS_ORIGIN', 'REDIS_URL', 'WEB_DIST_DIR'] as const) expect(env[unset]).toBeUndefined();
  });
});
