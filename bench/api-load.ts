import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';

export interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  /** several paths are cycled per connection (different ids) */
  paths: string[];
  body?: unknown;
  token?: string;
}

export interface LoadSettings {
  durationSec: number;
  /** a fixed number of requests instead of a duration (smoke runs) */
  amount?: number;
  warmupSec: number;
  connections: number;
}

export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  avg: number;
  /** connection errors + timeouts + non-2xx responses */
  errors: number;
  statusCodes: Record<string, number>;
}

function run(url: string, target: LoadTarget, durationSec: number, connections: number, amount?: number) {
  const headers: Record<string, string> = {};
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  if (target.body !== undefined) headers['content-type'] = 'application/json';
  return autocannon({
    url,
    connections,
    duration: durationSec,
    amount,
    // the load generator runs on its own thread so it does not share the server's event loop
    workers: 1,
    headers,
    requests: target.paths.map((path) => ({
      method: target.method,
      path,
      body: target.body === undefined ? undefined : JSON.stringify(target.body),
    })),
  });
}

/** One warm-up run (discarded: JIT, pools, caches), then the measured run. */
export async function measure(url: string, target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  if (settings.warmupSec > 0) await run(url, target, settings.warmupSec, settings.connections);
  const r = await run(url, target, settings.durationSec, settings.connections, settings.amount);
  const statusCodes: Record<string, number> = {};
  const stats = r.statusCodeStats as unknown as Record<string, { count: number }> | undefined;
  for (const [code, { count }] of Object.entries(stats ?? {})) statusCodes[code] = count;
  return {
    name: target.name,
    requests: r.requests.total,
    rps: r.requests.total / Math.max(r.duration, 0.001),
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: r.latency.average,
    errors: r.errors + r.timeouts + r.non2xx,
    statusCodes,
  };
}

/**
 * The floor: Express answering a constant JSON in this same process, under the same load.
 * Our own overhead is the ratio of its throughput to each endpoint's.
 */
export async function startBareExpress(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const constant = { success: true, data: { status: 'ok' } };
  app.get('/bare', (_req, res) => {
    res.json(constant);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
