/**
 * Per-request CPU and statements of the three writes of the realistic mix (issue 38): a new draft
 * invoice of 3 lines, a part payment of an issued invoice, a new client; /api/health as the
 * yardstick. One request at a time over HTTP to the in-process server; CPU is this process's user +
 * system time per request (the server, PGlite's WASM and the HTTP client, the same on both sides of
 * a change; PostgreSQL's own backend is not in it). Statements: every one the app sends for one
 * request, transactions included (apps/api/test/statement-log.ts).
 *
 *   cd bench && npx tsx write-cpu.ts [--db pglite|postgres] [--n 300] [--runs 5]
 *   (postgres: DATABASE_URL=postgres://postgres@127.0.0.1:5432)
 */
import { parseArgs } from 'node:util';
import { api, startBenchApp } from './bench-app.ts';
import { logStatements } from '../apps/api/test/statement-log.ts';
import { cpuPerCall, keepAliveClient, median } from './request-cpu.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string' }, n: { type: 'string' }, runs: { type: 'string' } } });
const N = Number(args.n ?? 300);
const RUNS = Number(args.runs ?? 5);
const kind = args.db === 'postgres' ? 'postgres' : 'pglite';

const app = await startBenchApp(kind, process.env.DATABASE_URL, { bcryptCost: 4 });
let conn: ReturnType<typeof keepAliveClient> | undefined;
try {
  const { token } = await api<{ token: string }>(app.url, 'POST', '/api/auth/register', {
    email: `writes-${Date.now().toString(36)}@example.co.uk`,
    password: 'bench-password-1',
  });
  const { send } = (conn = keepAliveClient(app.url, token));
  await api(app.url, 'POST', '/api/company', { name: 'Bench Ltd', email: 'bench@example.com', vatNumber: 'GB123456789', defaultTaxRate: 20 }, token);
  const client = await api<{ id: string }>(app.url, 'POST', '/api/clients', { name: 'Acme', email: 'a@example.com' }, token);
  const lines = [1, 2, 3].map((i) => ({ description: `Work ${i}`, quantity: i, unitPrice: 12.5 * i }));
  const draft = { clientId: client.id, lineItems: lines, tax: 20 };
  // payments go round 40 issued invoices of £1,000,000, a penny each: none is ever paid off
  const issued: string[] = [];
  for (let i = 0; i < 40; i++) {
    const inv = await api<{ id: string }>(
      app.url,
      'POST',
      '/api/invoices',
      { ...draft, lineItems: [{ description: 'Big job', quantity: 1, unitPrice: 1_000_000 }] },
      token,
    );
    await api(app.url, 'PATCH', `/api/invoices/${inv.id}/send`, undefined, token);
    issued.push(inv.id);
  }
  let k = 0;
  const kinds: Record<string, (i: number) => Promise<number>> = {
    'GET /api/health': () => send('GET', '/api/health'),
    'POST /api/invoices': () => send('POST', '/api/invoices', draft),
    'POST /api/invoices/:id/payments': (i) => send('POST', `/api/invoices/${issued[i % issued.length]}/payments`, { amount: 0.01, method: 'CASH' }),
    'POST /api/clients': () => send('POST', '/api/clients', { name: `Client ${k++}`, email: 'c@example.com' }),
  };
  const names = Object.keys(kinds);
  for (const name of names) for (let i = 0; i < 100; i++) await kinds[name]!(i);
  const statements: Record<string, number> = {};
  for (const name of names) statements[name] = (await logStatements(app.ctx.db, () => kinds[name]!(0))).length;
  const runs: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < RUNS; r++) {
    // a different order each run, so a noisy moment does not always land on the same kind
    for (const name of r % 2 ? [...names].reverse() : names) {
      runs[name]!.push(await cpuPerCall(N, kinds[name]!));
    }
  }
  process.stdout.write(`${app.databaseLabel}, ${RUNS} runs of ${N} requests each\n`);
  for (const name of names) {
    const sorted = [...runs[name]!].sort((a, b) => a - b);
    process.stdout.write(
      `${name.padEnd(34)} ${String(statements[name]).padStart(3)} statements ${(median(sorted) / 1000).toFixed(2).padStart(6)} ms CPU/request (runs ${sorted.map((v) => (v / 1000).toFixed(2)).join(', ')})\n`,
    );
  }
} finally {
  conn?.close();
  await app.close();
}
