/**
 * Scale-out, demonstrated (issue 38): three API processes (the real server.ts, as `pnpm start`
 * runs it, with Redis) on one fresh PostgreSQL database behind HAProxy from Debian, started here
 * on free ports with its config in a temporary folder. The same realistic mix runs through the
 * balancer at 1, 2 and 3 processes (three frontends over the first 1, 2 and 3 servers), then jobs
 * are checked to run exactly once with every process polling: document emails, reminders and
 * recurring invoices (each sweep queued three times at once, as if every process's cron fired),
 * counted at a local SMTP sink and in the database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     pnpm exec tsx bench/scale-out.ts [--accounts 20] [--invoices 100] [--duration 12] [--connections 32]
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { api, issuedPdfsRendered } from './bench-app.ts';
import { measureMix, seedMixAccounts, type MixSizes } from './mix-run.ts';
import { startJobQueue } from '../apps/api/src/jobs/job-queue.ts';
import { REMINDER_SWEEP_JOB } from '../apps/api/src/modules/reminders/reminders.service.ts';
import { RECURRING_SWEEP_JOB } from '../apps/api/src/modules/recurring/recurring.service.ts';
import { loadNow, scriptLog } from './script-log.ts';
import { VERIFY_MESSAGES } from '@docket/schemas/email';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    accounts: { type: 'string', default: '20' },
    invoices: { type: 'string', default: '100' },
    duration: { type: 'string', default: '12' },
    connections: { type: 'string', default: '32' },
    processes: { type: 'string', default: '3' },
    out: { type: 'string', default: path.join(HERE, '.tmp/scale-out.md') },
  },
});
const log = scriptLog('scale-out');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface SinkMessage {
  to: string;
  subject: string;
}

/** The least SMTP a nodemailer client needs (no TLS, no auth): every message kept for counting. */
async function startSmtpSink(): Promise<{ port: number; messages: SinkMessage[]; close: () => void }> {
  const messages: SinkMessage[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to = '';
    socket.write('220 bench-sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const body = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const headers = body.split('\r\n\r\n')[0] ?? '';
          const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(headers)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
          messages.push({ to, subject });
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-bench-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to = line.slice(8).trim();
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, messages, close: () => server.close() };
}

interface ApiProcess {
  port: number;
  child: ChildProcess;
  logFile: string;
}

async function waitForHealth(url: string, child: ChildProcess, seconds = 90) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer /api/health within ${seconds} s`);
}

/** /proc/<pid>/stat user+system CPU in ms (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function haproxyConfig(frontends: { port: number; servers: number[] }[]): string {
  const out = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-keep-alive',
    '  http-reuse safe',
  ];
  frontends.forEach((f, i) => {
    out.push(`frontend f${i + 1}`, `  bind 127.0.0.1:${f.port}`, `  default_backend b${i + 1}`);
    out.push(`backend b${i + 1}`, '  balance roundrobin', ...f.servers.map((p, j) => `  server s${j + 1} 127.0.0.1:${p}`));
  });
  return `${out.join('\n')}\n`;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!serverUrl || !redisUrl) throw new Error('scale-out needs DATABASE_URL (a PostgreSQL server) and REDIS_URL');
  if (!existsSync('/usr/sbin/haproxy')) throw new Error('no /usr/sbin/haproxy: apt-get install haproxy');
  const count = Number(args.processes);
  const loadStart = loadNow();
  log(`load average ${loadStart}`);

  const dbName = `docket_scale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const pgVersion = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?';
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'docket-scale-'));
  const sink = await startSmtpSink();
  const processes: ApiProcess[] = [];
  let haproxy: ChildProcess | undefined;
  const secret = randomBytes(48).toString('base64url');
  const out: string[] = [];
  try {
    // one at a time: the first migrates the new database, the others find it migrated
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const logFile = path.join(tmp, `api-${i + 1}.log`);
      const fd = openSync(logFile, 'w');
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: ROOT,
        stdio: ['ignore', fd, fd],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          JWT_SECRET: secret,
          TRUST_PROXY: 'loopback',
          RATE_LIMIT_PER_MINUTE: '1000000000',
          AUTH_RATE_LIMIT_PER_MINUTE: '1000000000',
          EMAILS_PER_DAY: '100000',
          SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
          JOBS_POLL_SECONDS: '1',
          LOG_LEVEL: 'info',
          PUBLIC_URL: 'http://127.0.0.1:8080',
        },
      });
      processes.push({ port, child, logFile });
      await waitForHealth(`http://127.0.0.1:${port}`, child);
      log(`API process ${i + 1} on port ${port} (pid ${child.pid})`);
    }
    const frontends = await Promise.all(
      Array.from({ length: count }, async (_, i) => ({ port: await freePort(), servers: processes.slice(0, i + 1).map((p) => p.port) })),
    );
    const cfg = path.join(tmp, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(frontends));
    haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
    const lb = (n: number) => `http://127.0.0.1:${frontends[n - 1]!.port}`;
    await waitForHealth(lb(count), haproxy, 20);
    const haproxyVersion = execFileSync('/usr/sbin/haproxy', ['-v']).toString().split('\n')[0]!.trim();
    log(`${haproxyVersion} on ${frontends.map((f) => f.port).join(', ')}`);

    const sizes: MixSizes = { accounts: Number(args.accounts), invoicesPerAccount: Number(args.invoices), clientsPerAccount: 20, quotesPerAccount: 20 };
    const seedStart = performance.now();
    const lbApi = <T>(method: string, p: string, body?: unknown, token?: string) => api<T>(lb(count), method, p, body, token);
    const accounts = await seedMixAccounts(lbApi, sizes, 6);
    // the renders the sends queued (docs/product.md, "Issued PDFs are kept") end before anything is measured
    const pending = await startJobQueue({ connectionString: databaseUrl, logger: pino({ level: 'silent' }) });
    await issuedPdfsRendered(pending);
    await pending.stop();
    log(
      `seeded ${sizes.accounts} accounts × ${sizes.invoicesPerAccount} invoices through the balancer in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );
    const analyze = new pg.Client({ connectionString: databaseUrl });
    analyze.on('error', () => undefined);
    await analyze.connect();
    await analyze.query('analyze');

    const connections = Number(args.connections);
    const durationSec = Number(args.duration);
    const rows: string[] = [];
    for (let n = 1; n <= count; n++) {
      const cpuBefore = processes.slice(0, n).map((p) => cpuMsOf(p.child.pid!));
      const m = await measureMix(
        lb(n),
        accounts,
        { connections, durationSec, warmupSec: Math.ceil(durationSec / 3) },
        { connections, durationSec: 6, warmupSec: 2 },
      );
      const cpuMs = processes.slice(0, n).reduce((s, p, i) => s + cpuMsOf(p.child.pid!) - cpuBefore[i]!, 0);
      const errors = m.overall.non2xx + m.socketErrors;
      let worst: [string, number] = ['', 0];
      for (const [k, v] of Object.entries(m.kinds)) if (v && v.p99 > worst[1]) worst = [k, v.p99];
      log(
        `${n} process(es): mix ${m.rps.toFixed(0)} req/s, health ${m.health.rps.toFixed(0)} req/s, p50 ${m.overall.p50.toFixed(1)} ms, p99 ${m.overall.p99.toFixed(1)} ms, ${errors} errors, load ${loadNow()}`,
      );
      rows.push(
        `| ${n} | ${m.rps.toFixed(0)} | ${m.health.rps.toFixed(0)} | ${(m.rps / m.health.rps).toFixed(2)}× | ${m.overall.p50.toFixed(1)} | ${m.overall.p99.toFixed(1)} | ${worst[0]} ${worst[1].toFixed(0)} | ${errors} | ${(cpuMs / Math.max(1, m.overall.requests + m.health.requests)).toFixed(2)} | ${loadNow()} |`,
      );
    }

    // ---- jobs exactly once, with every process polling ----
    log('jobs: document emails, reminders and recurring invoices with all processes polling');
    const today = new Date();
    // the bench's accounts open no verification link: their owners are marked verified, as the
    // link would (only a verified owner may email anyone else)
    await analyze.query('update users set email_verified_at = now() where email_verified_at is null');
    const docEmails = accounts.flatMap((a) => a.issuedIds.slice(0, 2).map((id) => ({ token: a.token, id }))).slice(0, 30);
    for (const d of docEmails) await lbApi('POST', `/api/invoices/${d.id}/email`, {}, d.token);
    // reminders: two invoices 10 days overdue in each of five accounts, a reminder step at 7 days
    const reminderAccounts = accounts.slice(0, 5);
    let expectedReminders = 0;
    for (const a of reminderAccounts) {
      await lbApi('PUT', '/api/company/reminders', { enabled: true, steps: [7] }, a.token);
      for (let k = 0; k < 2; k++) {
        const inv = await lbApi<{ id: string }>(
          'POST',
          '/api/invoices',
          {
            clientId: a.clientIds[k]!,
            dueDate: isoDay(today),
            lineItems: [{ description: 'Overdue work', quantity: 1, unitPrice: 120 }],
          },
          a.token,
        );
        await lbApi('PATCH', `/api/invoices/${inv.id}/send`, undefined, a.token);
        // an invoice is never issued already past due: issued today, then made ten days overdue,
        // as if issued a month ago on 20-day terms
        await analyze.query('update invoices set due_date = $1 where id = $2', [isoDay(new Date(today.getTime() - 10 * 86_400_000)), inv.id]);
        expectedReminders++;
      }
    }
    // recurring: a monthly schedule starting today in six accounts: today's period is due in each
    // (a schedule's first period is never before the day it is saved)
    const recurringAccounts = accounts.slice(2, 8);
    const recurringIds: string[] = [];
    for (const a of recurringAccounts) {
      const r = await lbApi<{ id: string }>(
        'POST',
        '/api/recurring-invoices',
        {
          clientId: a.clientIds[0]!,
          lineItems: [{ description: 'Monthly maintenance', quantity: 1, unitPrice: 75 }],
          tax: 20,
          frequency: 'MONTHLY',
          startDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(today),
          dueDays: 14,
          autoSend: true,
        },
        a.token,
      );
      recurringIds.push(r.id);
    }
    const periods = 1;
    const expectedRecurring = periods * recurringIds.length;
    const queue = await startJobQueue({ connectionString: databaseUrl, logger: pino({ level: 'silent' }) });
    // three sweeps of each at once, as if the cron had fired in every process
    await Promise.all([1, 2, 3].flatMap(() => [queue.send(REMINDER_SWEEP_JOB, {}), queue.send(RECURRING_SWEEP_JOB, {})]));
    await queue.stop();
    const expectedEmails = docEmails.length + expectedReminders + expectedRecurring;
    // each sign-up's verification email is not the jobs' work
    const jobEmails = () => sink.messages.filter((m) => m.subject !== VERIFY_MESSAGES.subject);
    for (let i = 0; i < 240 && jobEmails().length < expectedEmails; i++) await sleep(500);
    // then long enough for a duplicate to arrive, were there one
    await sleep(8_000);

    const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await analyze.query<T>(text, values)).rows;
    const issues = await q<{ n: string; invoices: string }>(
      'select count(*) as n, count(distinct invoice_id) as invoices from recurring_issues where recurring_id = any($1::uuid[])',
      [recurringIds],
    );
    const reminderSends = await q<{ n: string; distinct_steps: string }>(
      'select count(*) as n, count(distinct (invoice_id, step)) as distinct_steps from reminder_sends',
    );
    const deliveries = await q<{ status: string; n: string; max_attempts: number }>(
      'select status, count(*) as n, max(attempts) as max_attempts from email_deliveries group by status',
    );
    await analyze.end();
    const keys = jobEmails().map((m) => `${m.to} ${m.subject}`);
    const duplicates = keys.length - new Set(keys).size;
    const sweepLines = processes.map((p) => {
      const text = readFileSync(p.logFile, 'utf8');
      return {
        reminders: (text.match(/reminder sweep done/g) ?? []).length,
        recurring: (text.match(/recurring invoice sweep done/g) ?? []).length,
        sends: (text.match(/"deliveryId"/g) ?? []).length,
      };
    });
    const checks = [
      [
        `messages at the SMTP sink = ${expectedEmails} (${docEmails.length} document emails + ${expectedReminders} reminders + ${expectedRecurring} recurring invoices sent automatically)`,
        `${jobEmails().length} (and ${sink.messages.length - jobEmails().length} sign-ups' verification emails)`,
        jobEmails().length === expectedEmails,
      ],
      ['messages with the same recipient and subject twice', `${duplicates}`, duplicates === 0],
      [
        `recurring periods issued = ${expectedRecurring} (today's period of ${recurringIds.length} monthly schedules), each its own invoice`,
        `${issues[0]?.n} periods, ${issues[0]?.invoices} distinct invoices`,
        Number(issues[0]?.n) === expectedRecurring && Number(issues[0]?.invoices) === expectedRecurring,
      ],
      [
        `reminder steps claimed = ${expectedReminders}, each (invoice, step) once`,
        `${reminderSends[0]?.n} claimed, ${reminderSends[0]?.distinct_steps} distinct`,
        Number(reminderSends[0]?.n) === expectedReminders && Number(reminderSends[0]?.distinct_steps) === expectedReminders,
      ],
      [
        'email deliveries by status (max attempts)',
        deliveries.map((d) => `${d.status} ${d.n} (${d.max_attempts})`).join(', '),
        deliveries.every((d) => d.status === 'sent' && d.max_attempts === 1),
      ],
      [
        "sweeps run per process (reminders / recurring), from each process's log",
        sweepLines.map((s, i) => `#${i + 1}: ${s.reminders} / ${s.recurring}`).join('; '),
        true,
      ],
    ] as const;
    for (const [what, got, ok] of checks) log(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${got}`);
    if (checks.some(([, , ok]) => !ok)) process.exitCode = 1;

    out.push(
      `### Scale-out on one PostgreSQL (${new Date().toISOString()}, load average at start ${loadStart})`,
      '',
      `Measured on one 2-core machine: the API processes, HAProxy, PostgreSQL, Redis and the load generator all share the same 2 cores, so more processes cannot add cores here; what this shows is that the mix runs correctly through a balancer over several processes, and what it costs. \`bench/scale-out.ts\`: ${count} API processes (apps/api/src/server.ts under tsx, NODE_ENV=production, Redis rate limits, pg-boss jobs, logging at info to a file) on PostgreSQL ${pgVersion}, ${haproxyVersion} (round robin, keep-alive); ${sizes.accounts} accounts × ${sizes.invoicesPerAccount} invoices seeded through the balancer; the same mix and weights as \`pnpm bench\`, ${connections} connections, ${Math.ceil(durationSec / 3)} s warm-up then ${durationSec} s; /api/health through the same balancer just before.`,
      '',
      '| API processes | Mix req/s | /api/health req/s | Ratio | p50 ms | p99 ms | Slowest kind (p99 ms) | Errors | API CPU ms/request | Load average after |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      'Jobs with every process polling (each sweep queued three times at once):',
      '',
      '| Check | Measured | Passed |',
      '|---|---|---|',
      ...checks.map(([what, got, ok]) => `| ${what} | ${got} | ${ok ? 'yes' : '**no**'} |`),
      '',
    );
    mkdirSync(path.dirname(args.out!), { recursive: true });
    writeFileSync(args.out!, out.join('\n'));
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    haproxy?.kill('SIGTERM');
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
            setTimeout(() => {
              p.child.kill('SIGKILL');
              resolve();
            }, 30_000).unref();
          }),
      ),
    );
    sink.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[scale-out] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
