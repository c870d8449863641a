/**
 * Statements and server CPU per request of the mix's reads that are not kept answers (issue 38):
 * lists in other orders, filters, searches, later pages, single documents, quotes and clients
 * pages. One request at a time over keep-alive, as process CPU time (user + system) per request:
 * the server, the database driver (and on PGlite its WASM) and the HTTP client, which is the same
 * on both sides of a change; on PostgreSQL the server's own CPU too, read from /proc. Statements are
 * the driver's query/exec calls per request.
 *
 *   cd bench && npx tsx read-cpu.ts [--db pglite|postgres] [--n 300] [--only list,invoice] [--profile dir]
 *   (postgres: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)
 */
import { parseArgs } from 'node:util';
import { api, startBenchApp, type BenchDbKind } from './bench-app.ts';
import { seedAccount } from './seed.ts';
import { cpuRounds, keepAliveClient, median } from './request-cpu.ts';
import { logStatements } from '../apps/api/test/statement-log.ts';
import { databaseCpuMs } from './database-cpu.ts';

const { values: args } = parseArgs({
  options: { db: { type: 'string' }, n: { type: 'string' }, only: { type: 'string' }, profile: { type: 'string' }, rounds: { type: 'string' } },
});
const N = Number(args.n ?? 300);
const ROUNDS = Number(args.rounds ?? 3);
const kind = (args.db ?? 'pglite') as BenchDbKind;
const SIZES = { invoices: 200, quotes: 60, clients: 40, events: 0 };

const app = await startBenchApp(kind, process.env.DATABASE_URL);
let client: ReturnType<typeof keepAliveClient> | undefined;
try {
  const { token, user } = await api<{ token: string; user: { id: string } }>(app.url, 'POST', '/api/auth/register', {
    email: `reads-${Date.now().toString(36)}@example.co.uk`,
    password: 'bench-password-1',
  });
  const c = (client = keepAliveClient(app.url, token));
  const seed = await seedAccount(app.ctx.db, user.id, SIZES);
  // payments on some issued invoices, as the mix makes them (each invoice row then carries its payments)
  const page = await api<{ items: { id: string; status: string }[] }>(app.url, 'GET', '/api/invoices?limit=100&status=SENT', undefined, token);
  for (const inv of page.items.slice(0, 25)) await api(app.url, 'POST', `/api/invoices/${inv.id}/payments`, { amount: 1.5, method: 'CASH' }, token);
  const quotes = await api<{ items: { id: string }[] }>(app.url, 'GET', '/api/quotes?limit=50', undefined, token);
  await (app.ctx.db as unknown as { $client: { query: (q: string) => Promise<unknown> } }).$client.query('analyze');
  const cursors: string[] = [];
  let cursor = (await api<{ nextCursor: string }>(app.url, 'GET', '/api/invoices?limit=50', undefined, token)).nextCursor;
  for (let i = 0; i < 3; i++) {
    cursors.push(cursor);
    cursor = (await api<{ nextCursor: string }>(app.url, 'GET', `/api/invoices?limit=50&cursor=${cursor}`, undefined, token)).nextCursor;
  }
  const clientCursor = (await api<{ nextCursor: string }>(app.url, 'GET', '/api/clients?limit=20', undefined, token)).nextCursor;
  const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length]!;
  const SORTS = ['&sort=number', '&sort=client&order=asc', '&sort=total', '&sort=date&order=asc'];
  const FILTERS = ['status=DRAFT', 'status=SENT', 'status=PAID', 'status=OVERDUE', ...seed.clientIds.slice(0, 4).map((c) => `clientId=${c}`)];
  const TERMS = ['London', 'Plumbing', 'INV0042', 'Leeds'];
  const targets: Record<string, (i: number) => string> = {
    list: (i) => `/api/invoices?limit=50${pick(SORTS, i)}`,
    listFiltered: (i) => `/api/invoices?limit=50&${pick(FILTERS, i)}`,
    search: (i) => `/api/${pick(['invoices', 'quotes', 'clients'], i)}?limit=50&q=${pick(TERMS, i)}`,
    laterPage: (i) => `/api/invoices?limit=50&cursor=${pick(cursors.slice(1), i)}`,
    invoice: (i) => `/api/invoices/${pick(seed.invoiceIds, i * 7)}`,
    quote: (i) => `/api/quotes/${pick(quotes.items, i * 7).id}`,
    quotes: (i) => `/api/quotes?limit=50&status=${pick(['DRAFT', 'SENT', 'APPROVED'], i)}`,
    clients: () => `/api/clients?limit=20&cursor=${clientCursor}`,
    'list (kept)': () => '/api/invoices?limit=50',
    dashboard: () => '/api/dashboard',
  };
  const only = args.only?.split(',');
  for (const [name, path] of Object.entries(targets)) {
    if (only && !only.includes(name)) continue;
    for (let i = 0; i < 100; i++) await c.get(path(i));
    let bytes = 0;
    const sent = await logStatements(app.ctx.db, async () => {
      for (let i = 0; i < 40; i++) bytes += await c.get(path(i));
    });
    const file = args.profile ? `${args.profile}/${kind}-${name.replace(/[^a-z]+/gi, '-')}.cpuprofile` : undefined;
    const dbBefore = databaseCpuMs();
    const runs = await cpuRounds(ROUNDS, N, (i) => c.get(path(i)), file);
    // the PostgreSQL server's own CPU over the same requests (NaN on PGlite, whose CPU is this process's)
    const dbMicros = ((databaseCpuMs() - dbBefore) * 1000) / (ROUNDS * N);
    process.stdout.write(
      `${kind} ${name.padEnd(14)} ${(sent.length / 40).toFixed(2)} statements  ${median(runs).toFixed(0).padStart(5)} µs CPU/request (runs ${runs.map((r) => r.toFixed(0)).join(', ')}; ${Math.round(bytes / 40)} bytes)${Number.isNaN(dbMicros) ? '' : ` + ${dbMicros.toFixed(0)} µs of PostgreSQL`}\n`,
    );
  }
} finally {
  client?.close();
  await app.close();
}
