import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { Express } from 'express';
import { expect } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.ts';
import { BACKUP_TABLES } from '../../src/db/backup.ts';

/** Every table in foreign-key order (parents first), the list backups walk too. */
export const TABLES = BACKUP_TABLES;

/** A run's figures for docs/reliability.md (seed, cases, writes checked), one line each. */
export const report = (line: string): void => {
  process.stdout.write(`[adversarial] ${line}\n`);
};

export type Fingerprint = Record<string, { rows: number; hash: string }>;

/**
 * Row count and a hash of every row's text per table: "nothing was written" means equal
 * fingerprints, which also catches an update that keeps the count (a changed name or counter).
 */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  // One round trip for all tables: this runs after every generated case.
  const parts = TABLES.map(
    (table) => `select '${table}' as name, count(*) as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${table} t`,
  );
  const rows = await queryRows<{ name: string; rows: number | string; hash: string | null }>(db, sql.raw(parts.join(' union all ')));
  const out: Fingerprint = {};
  for (const row of rows) out[row.name] = { rows: Number(row.rows), hash: row.hash ?? '' };
  return out;
}

/** One listening server per test file: supertest would otherwise open a port per request. */
export async function listen(app: Express) {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    agent: () => request(server),
    send: (method: Method, path: string, headers: Record<string, string> = {}, body?: Buffer | string) => rawRequest(port, method, path, headers, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

/**
 * Exact bytes on the wire (supertest re-encodes a Buffer sent as JSON), with a keep-alive agent
 * so thousands of cases do not each open a connection.
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });
export function rawRequest(port: number, method: Method, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: method.toUpperCase(),
        path,
        agent: keepAlive,
        headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, text, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteProbe {
  method: Method;
  /** path below /api with :params */
  path: string;
}

/** Fill every :param with a fresh random UUID (or the given values). */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? randomUUID()));
}

/**
 * A route exists when an authenticated call with random ids and an empty body is answered by
 * something other than the API's catch-all "Route not found". Routes of modules still being
 * written are skipped until they land, so the suite grows with the app.
 */
export async function routeExists(agent: () => request.Agent | ReturnType<typeof request>, auth: Record<string, string>, r: RouteProbe) {
  const client = agent() as ReturnType<typeof request>;
  const res = await client[r.method](`/api${fillPath(r.path)}`)
    .set(auth)
    .send({});
  return !(res.status === 404 && res.body?.error === 'Route not found');
}

const STACK_HINTS = [/\n\s+at /, /node_modules/, /\.ts:\d+/, /\bat [A-Za-z]+ \(/, /drizzle/i, /\bselect\b.+\bfrom\b/i, /insert into/i, /syntax error/i];

/** The error envelope every refusal must use: 4xx, JSON, a short human message, no internals. */
export function expectCleanRefusal(res: { status: number; headers: Record<string, string>; body: unknown; text: string }, context: string) {
  const where = `${context} -> ${res.status} ${res.text?.slice(0, 300)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  expect(res.headers['content-type'] ?? '', where).toMatch(/^application\/json/);
  const body = res.body as { success?: unknown; error?: unknown };
  expect(body.success, where).toBe(false);
  expect(typeof body.error, where).toBe('string');
  const message = body.error as string;
  expect(message.length, where).toBeGreaterThan(3);
  expect(message.length, where).toBeLessThan(200);
  for (const hint of STACK_HINTS) expect(res.text, where).not.toMatch(hint);
}

/** Counters printed once per file so the figures in docs/reliability.md can be copied. */
export const stats = { cases: 0, fiveHundreds: 0, writesChecked: 0 };
export function countCase(status: number) {
  stats.cases += 1;
  if (status >= 500) stats.fiveHundreds += 1;
}
