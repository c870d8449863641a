/**
 * Per-request CPU of the answer reads (issue 39): the invoice list, one invoice and the clients
 * list on PGlite, one request at a time, as process CPU time (user + system) per request. The
 * machine is shared, so wall time is noise; CPU time is what one request costs this process
 * (the server, PGlite's WASM and the HTTP client, which is the same on both sides of a change).
 *
 *   cd bench && npx tsx answer-cpu.ts [--n 600] [--only 'second page,one invoice'] [--profile dir]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { api, startBenchApp } from './bench-app.ts';
import { seedAccount } from './seed.ts';
import { topFunctions, withCpuProfile, type Profile } from './cpu-profile.ts';
import { readFileSync } from 'node:fs';

const { values: args } = parseArgs({ options: { profile: { type: 'string' }, n: { type: 'string' }, only: { type: 'string' } } });
const N = Number(args.n ?? 600);
const SIZES = { invoices: 2_000, quotes: 400, clients: 200, events: 0 };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${url} -> ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

const app = await startBenchApp('pglite');
try {
  const { token, user } = await api<{ token: string; user: { id: string } }>(app.url, 'POST', '/api/auth/register', {
    email: `cpu-${Date.now().toString(36)}@example.co.uk`,
    password: 'bench-password-1',
  });
  const seed = await seedAccount(app.ctx.db, user.id, SIZES);
  await (app.ctx.db as unknown as { $client: { query: (q: string) => Promise<unknown> } }).$client.query('analyze');
  const invoicePage = await api<{ nextCursor: string }>(app.url, 'GET', '/api/invoices?limit=50', undefined, token);
  const clientPage = await api<{ nextCursor: string }>(app.url, 'GET', '/api/clients?limit=50', undefined, token);
  const ids = seed.invoiceIds.slice(0, 100);
  const targets: Record<string, (i: number) => string> = {
    'invoice list, first page (kept)': () => '/api/invoices?limit=50',
    'invoice list, second page (built)': () => `/api/invoices?limit=50&cursor=${invoicePage.nextCursor}`,
    'invoice list, sorted by total (built)': () => '/api/invoices?limit=50&sort=total',
    'one invoice': (i) => `/api/invoices/${ids[i % ids.length]}`,
    'clients, first page (kept)': () => '/api/clients?limit=50',
    'clients, second page (built)': () => `/api/clients?limit=50&cursor=${clientPage.nextCursor}`,
  };
  const only = args.only?.split(',');
  for (const [name, path] of Object.entries(targets)) {
    if (only && !only.some((o) => name.includes(o))) continue;
    for (let i = 0; i < 200; i++) await get(app.url + path(i), token);
    const runs: number[] = [];
    let bytes = 0;
    for (let r = 0; r < 3; r++) {
      const run = async () => {
        const before = process.cpuUsage();
        for (let i = 0; i < N; i++) bytes = await get(app.url + path(i), token);
        const used = process.cpuUsage(before);
        return (used.user + used.system) / N;
      };
      const file = args.profile && r === 0 ? `${args.profile}/${name.replace(/[^a-z]+/g, '-')}.cpuprofile` : undefined;
      runs.push(file ? await withCpuProfile(file, run) : await run());
      if (file)
        console.log(
          topFunctions(JSON.parse(readFileSync(file, 'utf8')) as Profile, 6)
            .map((l) => `      ${l}`)
            .join('\n'),
        );
    }
    runs.sort((a, b) => a - b);
    console.log(`${name.padEnd(40)} ${runs[1]!.toFixed(0).padStart(6)} µs CPU/request (runs ${runs.map((r) => r.toFixed(0)).join(', ')}; ${bytes} bytes)`);
  }
} finally {
  agent.destroy();
  await app.close();
}
