import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { sampleClient } from '../test-app.ts';
import { call, startServer, type Answer, type ServerProcess } from './processes.ts';
import { report } from './support.ts';

export interface Invoice {
  id: string;
  /** given at issue: null on a draft */
  invoiceNumber: string | null;
  lineItems: { description: string }[];
  total: number;
}

export const invoiceBody = (clientId: string, i: number) => ({
  clientId,
  lineItems: [
    { description: `Burst line ${i}`, quantity: 1 + (i % 3), unitPrice: 10.5 },
    { description: `Parts ${i}`, quantity: 1, unitPrice: 0.99 },
  ],
  tax: 20,
  dueDate: '2030-01-31',
});

/** The drain report the server logged with its 'Docket API stopped' line (JSON logs outside development). */
export function stopReport(server: ServerProcess): Record<string, unknown> {
  const line = server
    .output()
    .split('\n')
    .find((l) => l.includes('Docket API stopped'));
  expect(line, 'the stop line').toBeDefined();
  return JSON.parse(line!) as Record<string, unknown>;
}

/** INV0001, INV0002, … with no gaps and no repeats (drafts, numbered at issue, are left out). */
export function expectConsecutive(all: (string | null)[], label: string) {
  const numbers = all.filter((n): n is string => n !== null);
  const sorted = numbers.map((n) => Number(/^INV(\d+)$/.exec(n)?.[1])).sort((x, y) => x - y);
  expect(new Set(numbers).size, `${label}: duplicate numbers`).toBe(numbers.length);
  expect(sorted, `${label}: gaps`).toEqual(sorted.map((_, i) => i + 1));
}

/**
 * Creates and issues (the number is given at issue) until `stopAfter` issues are acknowledged,
 * then calls `interrupt`; returns every issue's answer, or the create's when it failed.
 */
export async function burst(server: ServerProcess, token: string, clientId: string, total: number, stopAfter: number, interrupt: () => void) {
  const answers: Answer[] = [];
  let next = 0;
  let acked = 0;
  let interrupted = false;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const made = await call(server.base, 'POST', '/invoices', token, invoiceBody(clientId, i));
      const a = made.status === 201 ? await call(server.base, 'PATCH', `/invoices/${(made.body as { data: Invoice }).data.id}/send`, token) : made;
      answers[i] = a;
      if (a.status === 200) acked++;
      if (!interrupted && acked >= stopAfter) {
        interrupted = true;
        interrupt();
      }
      if (a.status === 0) return;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return answers.filter(Boolean);
}

export async function signUp(server: ServerProcess) {
  const email = `crash-${Date.now()}@example.com`;
  const reg = await call(server.base, 'POST', '/auth/register', undefined, { email, password: 'correct-horse' });
  expect(reg.status).toBe(201);
  const token = (reg.body as { data: { token: string } }).data.token;
  const client = await call(server.base, 'POST', '/clients', token, sampleClient());
  return { token, clientId: (client.body as { data: { id: string } }).data.id };
}

/** A request on a given keep-alive agent; a dropped connection is status 0. */
export function rawCall(agent: http.Agent, port: number, method: string, p: string, token: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api${p}`,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: null }));
    req.end(payload);
  });
}

export interface CrashTarget {
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

/**
 * One server lifecycle per database: SIGTERM mid-burst, restart, SIGKILL mid-burst, restart.
 * Three process starts instead of four: starting PGlite on disk dominates the run time.
 */
export function defineCrashTests(name: string, prepare: () => Promise<CrashTarget>) {
  const figures = { crashesSurvived: 0, acknowledgedChecked: 0, gracefulStops: 0 };
  let target: CrashTarget | undefined;
  let server: ServerProcess | undefined;
  let account: { token: string; clientId: string } | undefined;

  const stopServer = async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  };

  afterAll(async () => {
    await stopServer();
    await target?.cleanup();
    report(
      `${name} summary: crashes-survived=${figures.crashesSurvived} acknowledged-writes-checked=${figures.acknowledgedChecked} graceful-stops=${figures.gracefulStops}`,
    );
  });

  it('when it gets SIGTERM during a burst, then every in-flight request is answered and it exits 0', async () => {
    target = await prepare();
    server = await startServer(target.env);
    account = await signUp(server);
    const { token, clientId } = account;
    const running = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    try {
      // 40 accepted keep-alive connections first, so every request of the burst is on the
      // wire to the server process itself (see docs/reliability.md on the accept queue).
      await Promise.all(Array.from({ length: 40 }, () => rawCall(agent, running.port, 'GET', '/health', token)));
      let signalled = false;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          rawCall(agent, running.port, 'POST', '/invoices', token, invoiceBody(clientId, i)).then((a) => {
            if (!signalled) {
              signalled = true;
              running.child.kill('SIGTERM');
            }
            return a;
          }),
        ),
      );
      const exit = await running.exited;
      expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
      // Exit 0 after a drain that found quiet: not the drain's ceiling, not the force-exit (exit 1).
      expect(exit).toEqual({ code: 0, signal: null });
      expect(stopReport(running)).toMatchObject({ reachedCeiling: false });
    } finally {
      agent.destroy();
    }
    server = await startServer(target.env);
    const list = (await call(server.base, 'GET', '/invoices', token)).body as { data: Invoice[] };
    expect(list.data).toHaveLength(40);
    figures.acknowledgedChecked += 40;
    figures.gracefulStops += 1;
  });

  it('when it is killed with SIGKILL mid-burst and restarted, then every acknowledged create is intact and numbering continues', async () => {
    target ??= await prepare();
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) server = await startServer(target.env);
    account ??= await signUp(server);
    const { token, clientId } = account;
    const killed = server;
    const before = ((await call(killed.base, 'GET', '/invoices', token)).body as { data: Invoice[] }).data.length;
    const answers = await burst(killed, token, clientId, 400, 25, () => killed.child.kill('SIGKILL'));
    expect((await killed.exited).signal).toBe('SIGKILL');
    const acked = answers.filter((a) => a.status === 200).map((a) => (a.body as { data: Invoice }).data);
    expect(acked.length).toBeGreaterThanOrEqual(25);
    expect(answers.filter((a) => a.status >= 300 && a.status !== 0)).toEqual([]);

    server = await startServer(target.env);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    const list = ((await call(server.base, 'GET', '/invoices', token)).body as { data: Invoice[] }).data;
    const stored = new Map(list.map((inv) => [inv.id, inv]));
    for (const inv of acked) expect(stored.get(inv.id), `acknowledged ${inv.invoiceNumber} survives`).toEqual(inv);
    expect(list.length).toBeGreaterThanOrEqual(before + acked.length);
    figures.acknowledgedChecked += acked.length;
    expectConsecutive(
      list.map((inv) => inv.invoiceNumber),
      'after restart',
    );
    const made = await call(server.base, 'POST', '/invoices', token, invoiceBody(clientId, 9999));
    expect(made.status).toBe(201);
    const after = await call(server.base, 'PATCH', `/invoices/${(made.body as { data: Invoice }).data.id}/send`, token);
    expect(after.status).toBe(200);
    const numbered = list.filter((inv) => inv.invoiceNumber !== null).length;
    expect((after.body as { data: Invoice }).data.invoiceNumber).toBe(`INV${String(numbered + 1).padStart(4, '0')}`);
    figures.crashesSurvived += 1;
  });
}
