import http from 'node:http';
import { readFileSync } from 'node:fs';
import { topFunctions, withCpuProfile, type Profile } from './cpu-profile.ts';

/**
 * What the hand-run CPU scripts (answer-cpu.ts, read-cpu.ts, write-cpu.ts) share: one request at
 * a time over one kept-alive connection to the in-process server, and this process's CPU (user +
 * system) per request, which is the server's, the database's (PGlite) and the client's.
 */
export function keepAliveClient(base: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** the answer's size in bytes; anything but 2xx rejects */
  const send = (method: string, path: string, body?: unknown): Promise<number> => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        base + path,
        {
          method,
          agent,
          headers: { authorization: `Bearer ${token}`, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) },
        },
        (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => (res.statusCode! < 300 ? resolve(n) : reject(new Error(`${method} ${path} -> ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  };
  return { send, get: (path: string) => send('GET', path), close: () => agent.destroy() };
}

/** µs of this process's CPU per call of `request` over `n` calls. */
export async function cpuPerCall(n: number, request: (i: number) => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await request(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

/**
 * `rounds` measurements of cpuPerCall, sorted; the first under the CPU profiler when `profileFile`
 * is given, its top functions printed.
 */
export async function cpuRounds(rounds: number, n: number, request: (i: number) => Promise<unknown>, profileFile?: string): Promise<number[]> {
  const runs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const run = () => cpuPerCall(n, request);
    const file = r === 0 ? profileFile : undefined;
    runs.push(file ? await withCpuProfile(file, run) : await run());
    if (file)
      process.stdout.write(
        `${topFunctions(JSON.parse(readFileSync(file, 'utf8')) as Profile, 8)
          .map((l) => `      ${l}\n`)
          .join('')}`,
      );
  }
  return runs.sort((a, b) => a - b);
}

export const median = (sorted: readonly number[]) => sorted[Math.floor(sorted.length / 2)]!;
