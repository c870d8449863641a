import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type request from 'supertest';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient } from '../../../test/document-fixtures.ts';
import { listen } from '../../../test/adversarial/support.ts';

/**
 * Issue 30.5 (docs/reliability.md, "Imports and exports never stall other users"): while one
 * account imports a 100,000-row items file and then exports those 100,000 items, another account's
 * requests are answered. Runs in both passes (PGlite, and PostgreSQL with TEST_DATABASE_URL): the issue
 * measured the stall on both engines.
 *
 * Each probe is `/api/health` and another account's first page of clients, sent while the big
 * request runs; the test asserts the behaviour (probes finish while the import or export is still
 * running, at least MIN_PROBES of them, every one 200); the 500 ms a probe is a bench figure,
 * not a test threshold.
 * Before the fix the import parsed, validated and wrote in one stretch on the request thread (and,
 * on PGlite, in one transaction holding its only connection), so no probe finished until it was done.
 */
const ROWS = 100_000;
const MIN_PROBES = 3;

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
let importer: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app);
  importer = await registerUser(t.app);
  reader = await registerUser(t.app);
  await createClient(t.app, reader, { name: 'Reader’s client' });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

interface Probe {
  ms: number;
  status: number;
  whileRunning: boolean;
}

/** Probes, one after another, until `running` settles; each notes whether the big request was still running when it finished. */
async function probeWhile<T>(running: PromiseLike<T>): Promise<{ value: T; probes: Probe[] }> {
  let settled = false;
  const done = Promise.resolve(running).finally(() => (settled = true));
  const probes: Probe[] = [];
  const timed = async (req: request.Test) => {
    const started = performance.now();
    const res = await req;
    probes.push({ ms: performance.now() - started, status: res.status, whileRunning: !settled });
  };
  while (!settled) {
    await Promise.all([timed(server.agent().get('/api/health')), timed(server.agent().get('/api/clients?limit=20').set(reader.auth))]);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { value: await done, probes };
}

function expectAnswered(probes: Probe[]) {
  const during = probes.filter((p) => p.whileRunning);
  expect(during.length, JSON.stringify(probes)).toBeGreaterThanOrEqual(MIN_PROBES * 2);
  expect(during.map((p) => p.status).every((s) => s === 200)).toBe(true);
  // How long each probe took is the bench's question (timings never gate tests, and CI runs the web
  // suite beside this one): issue 30.5's 500 ms is measured there. The test holds the behaviour:
  // other accounts' requests are answered while the big request is still running.
}

describe(`while one account imports and exports ${ROWS.toLocaleString('en-GB')} items`, () => {
  it('when the import and then the export run, then health and another account’s first page are answered meanwhile', async () => {
    const csv = `Name,Description,Price\n${Array.from({ length: ROWS }, (_, i) => `Item ${i},Description of item ${i},${(i % 997) + 0.99}`).join('\n')}\n`;
    // Let the server's first-request work (the kept pages, the import worker's start) happen before timing.
    await server.agent().get('/api/clients?limit=20').set(reader.auth).expect(200);

    const imported = await probeWhile(server.agent().post('/api/imports/items?dryRun=false').set(importer.auth).set('Content-Type', 'text/csv').send(csv));
    expect(imported.value.status, imported.value.text.slice(0, 300)).toBe(200);
    expect(imported.value.body.data).toMatchObject({ rows: ROWS, created: ROWS, errorCount: 0 });
    expectAnswered(imported.probes);

    const exported = await probeWhile(server.agent().get('/api/exports/items.csv').set(importer.auth).buffer(true));
    expect(exported.value.status).toBe(200);
    expect(exported.value.text.trimEnd().split('\r\n')).toHaveLength(ROWS + 1);
    expectAnswered(exported.probes);
  });
});
