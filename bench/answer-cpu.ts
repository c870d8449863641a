/**
 * Per-request CPU of the answer reads (issue 39): the invoice list, one invoice and the clients
 * list on PGlite, one request at a time, as process CPU time (user + system) per request. The
 * machine is shared, so wall time is noise; CPU time is what one request costs this process
 * (the server, PGlite's WASM and the HTTP client, which is the same on both sides of a change).
 *
 *   cd bench && npx tsx answer-cpu.ts [--n 600] [--only 'second page,one invoice'] [--profile dir]
 */
import { parseArgs } from 'node:util';
import { api, startBenchApp } from './bench-app.ts';
import { seedAccount } from './seed.ts';
import { cpuRounds, keepAliveClient, median } from './request-cpu.ts';

const { values: args } = parseArgs({ options: { profile: { type: 'string' }, n: { type: 'string' }, only: { type: 'string' } } });
const N = Number(args.n ?? 600);
const SIZES = { invoices: 2_000, quotes: 400, clients: 200, events: 0 };

const app = await startBenchApp('pglite');
let client: ReturnType<typeof keepAliveClient> | undefined;
try {
  const { token, user } = await api<{ token: string; user: { id: string } }>(app.url, 'POST', '/api/auth/register', {
    email: `cpu-${Date.now().toString(36)}@example.co.uk`,
    password: 'bench-password-1',
  });
  const c = (client = keepAliveClient(app.url, token));
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
    for (let i = 0; i < 200; i++) await c.get(path(i));
    const bytes = await c.get(path(0));
    const file = args.profile ? `${args.profile}/${name.replace(/[^a-z]+/g, '-')}.cpuprofile` : undefined;
    const runs = await cpuRounds(3, N, (i) => c.get(path(i)), file);
    process.stdout.write(
      `${name.padEnd(40)} ${median(runs).toFixed(0).padStart(6)} µs CPU/request (runs ${runs.map((r) => r.toFixed(0)).join(', ')}; ${bytes} bytes)\n`,
    );
  }
} finally {
  client?.close();
  await app.close();
}
