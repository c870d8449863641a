import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import express from 'express';

const execFileAsync = promisify(execFile);

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
  /** CPU time of this (server) process per request: robust to other load on the machine */
  serverCpuMsPerRequest: number;
}

interface RawResult {
  requests: number;
  duration: number;
  p50: number;
  p99: number;
  avg: number;
  errors: number;
  statusCodes: Record<string, number>;
}

const CLIENT = fileURLToPath(new URL('./load-client.mjs', import.meta.url));

/**
 * autocannon in a child process: it gets the other core, and this process's CPU time is the
 * server's own (plus in-process PGlite), which stays meaningful on a busy machine.
 */
async function run(url: string, target: LoadTarget, durationSec: number, connections: number, amount?: number) {
  const headers: Record<string, string> = {};
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  if (target.body !== undefined) headers['content-type'] = 'application/json';
  const options = {
    url,
    connections,
    duration: durationSec,
    amount,
    // A smoke run (a fixed amount) proves each endpoint answers, not how fast: on a machine short
    // of disk, a first PDF render that starts the render worker took longer than autocannon's 10 s
    // default (a CI run, 27 November 2026), so it waits up to a minute. Timed runs keep 10 s.
    timeout: amount === undefined ? 10 : 60,
    headers,
    requests: target.paths.map((path) => ({
      method: target.method,
      path,
      body: target.body === undefined ? undefined : JSON.stringify(target.body),
    })),
  };
  const cpuBefore = process.cpuUsage();
  const { stdout } = await execFileAsync(process.execPath, [CLIENT, JSON.stringify(options)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const cpu = process.cpuUsage(cpuBefore);
  return { raw: JSON.parse(stdout) as RawResult, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** One warm-up run (discarded: JIT, pools, caches), then the measured run. */
export async function measure(url: string, target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  if (settings.warmupSec > 0) await run(url, target, settings.warmupSec, settings.connections);
  const { raw: r, cpuMs } = await run(url, target, settings.durationSec, settings.connections, settings.amount);
  return {
    name: target.name,
    requests: r.requests,
    rps: r.requests / Math.max(r.duration, 0.001),
    p50: r.p50,
    p99: r.p99,
    avg: r.avg,
    errors: r.errors,
    statusCodes: r.statusCodes,
    serverCpuMsPerRequest: r.requests > 0 ? cpuMs / r.requests : Number.NaN,
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
