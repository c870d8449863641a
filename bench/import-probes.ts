/**
 * Issue 30.5's figure: while one account imports a 100,000-row items file and then exports those
 * items, how long do `/api/health` and another account's first page of clients take? The target is
 * 500 ms for every probe. `imports.others-wait.test.ts` holds the behaviour (the probes are answered
 * while the big request runs); how long they take is measured here, never in a test.
 *
 *   pnpm --filter @docket/bench import-probes [--db pglite,postgres] [--rows 100000] [--out file]
 *
 * PostgreSQL needs DATABASE_URL (a fresh database is created and dropped).
 */
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { api, startBenchApp, type BenchApp, type BenchDbKind } from './bench-app.ts';
import { percentile } from './mix.ts';
import { loadNow, scriptLog } from './script-log.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    db: { type: 'string' },
    rows: { type: 'string', default: '100000' },
    out: { type: 'string', default: path.join(HERE, '.tmp/import-probes.md') },
  },
});
const ROWS = Number(args.rows);
const TARGET_MS = 500;
const log = scriptLog('import-probes');

interface Phase {
  name: string;
  seconds: number;
  probes: number[];
}

async function register(app: BenchApp, who: string) {
  const { token } = await api<{ token: string }>(app.url, 'POST', '/api/auth/register', {
    email: `${who}-${Date.now().toString(36)}@example.co.uk`,
    password: 'bench-password-1',
  });
  return token;
}

/** Probes one pair after another (health and the reader's first page at once) until `running` settles. */
async function probeWhile(app: BenchApp, readerToken: string, request: Promise<Response>): Promise<{ answer: Response; body: string; probes: number[] }> {
  // Running until the whole body has arrived: fetch settles at the headers, and an export streams.
  const running = request.then(async (answer) => ({ answer, body: await answer.text() }));
  let settled = false;
  const done = running.finally(() => (settled = true));
  const probes: number[] = [];
  const timed = async (url: string, token?: string) => {
    const started = performance.now();
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} during the big request`);
    if (!settled) probes.push(performance.now() - started);
  };
  while (!settled) {
    await Promise.all([timed(`${app.url}/api/health`), timed(`${app.url}/api/clients?limit=20`, readerToken)]);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { ...(await done), probes };
}

async function runOn(kind: BenchDbKind): Promise<Phase[]> {
  const app = await startBenchApp(kind, process.env.DATABASE_URL);
  try {
    const importer = await register(app, 'importer');
    const reader = await register(app, 'reader');
    await api(app.url, 'POST', '/api/clients', { name: 'Reader’s client' }, reader);
    // the first request's own work (kept pages, the import worker's start) before anything is timed
    await api(app.url, 'GET', '/api/clients?limit=20', undefined, reader);
    const csv = `Name,Description,Price\n${Array.from({ length: ROWS }, (_, i) => `Item ${i},Description of item ${i},${(i % 997) + 0.99}`).join('\n')}\n`;
    const phases: Phase[] = [];

    let started = performance.now();
    const imported = await probeWhile(
      app,
      reader,
      fetch(`${app.url}/api/imports/items?dryRun=false`, {
        method: 'POST',
        headers: { authorization: `Bearer ${importer}`, 'content-type': 'text/csv' },
        body: csv,
      }),
    );
    const importBody = JSON.parse(imported.body) as { data?: { created?: number } };
    if (imported.answer.status !== 200 || importBody.data?.created !== ROWS) throw new Error(`the import answered ${imported.answer.status}`);
    phases.push({ name: 'import', seconds: (performance.now() - started) / 1000, probes: imported.probes });

    started = performance.now();
    const exported = await probeWhile(app, reader, fetch(`${app.url}/api/exports/items.csv`, { headers: { authorization: `Bearer ${importer}` } }));
    if (exported.answer.status !== 200 || exported.body.trimEnd().split('\r\n').length !== ROWS + 1)
      throw new Error(`the export answered ${exported.answer.status}`);
    phases.push({ name: 'export', seconds: (performance.now() - started) / 1000, probes: exported.probes });
    return phases;
  } finally {
    await app.close();
  }
}

const ms = (v: number) => v.toFixed(0);
const lines = [
  `## Other accounts during a ${ROWS.toLocaleString('en-GB')}-row import and export (issue 30.5)`,
  '',
  `Run ${new Date().toISOString()}, load average at start ${loadNow()} (1/5/15 min), ${os.cpus().length} cores. Each probe is /api/health and another account's first page of clients, sent as a pair one pair after another while the import (then the export) runs; target: every probe within ${TARGET_MS} ms.`,
  '',
  '| Database | Phase | Took s | Probes | p50 ms | p90 ms | p99 ms | max ms | Over 500 ms | Met |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
const wanted = (args.db?.split(',') ?? ['pglite', 'postgres']) as BenchDbKind[];
for (const kind of wanted) {
  if (kind === 'postgres' && !process.env.DATABASE_URL) {
    log('DATABASE_URL not set: PostgreSQL skipped');
    continue;
  }
  log(`${kind}: importing and exporting ${ROWS} items while probing`);
  for (const phase of await runOn(kind)) {
    const sorted = [...phase.probes].sort((a, b) => a - b);
    const over = sorted.filter((v) => v > TARGET_MS).length;
    lines.push(
      `| ${kind} | ${phase.name} | ${phase.seconds.toFixed(1)} | ${sorted.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 90))} | ${ms(percentile(sorted, 99))} | ${ms(sorted[sorted.length - 1] ?? 0)} | ${over} | ${over === 0 ? 'yes' : 'no'} |`,
    );
    log(lines[lines.length - 1]!);
  }
}
lines.push('', `Load average at the end: ${loadNow()}.`);
mkdirSync(path.dirname(args.out), { recursive: true });
writeFileSync(args.out, `${lines.join('\n')}\n`);
log(`written to ${args.out}`);
