// The mix's load generator, in its own process (node --import tsx), so the server process's CPU
// time is the server's alone. Each request is built as it is sent (http-load.ts): a kind drawn
// by weight, an account drawn at random, then that kind's request with its own random choices;
// or, with `replay`, one GET path every time (the mix's yardstick, /api/health, measured by the
// same generator). Options arrive as a JSON file named in argv[2]; per-kind results leave as JSON
// on stdout.
import { readFileSync } from 'node:fs';
import { runLoad } from './http-load.ts';
import { buildRequest, drawKind, kindStats, mulberry32, weightTable, type KindStats, type MixAccount, type MixKind } from './mix.ts';

export interface MixClientOptions {
  url: string;
  connections: number;
  durationSec: number;
  /** a fixed number of requests instead of a duration (smoke) */
  amount?: number;
  weights: Partial<Record<MixKind, number>>;
  accounts: MixAccount[];
  seed: number;
  /** one GET path every request instead of the mix (the yardstick, measured the same way) */
  replay?: string;
}

export interface MixClientResult {
  durationSec: number;
  overall: KindStats;
  kinds: Partial<Record<MixKind, KindStats>>;
  /** connection errors and timeouts (not answers) */
  socketErrors: number;
  /** this load generator's own CPU over the run: it shares the machine's cores with the server */
  cpuMs: number;
}

const options = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as MixClientOptions;
const table = options.replay ? undefined : weightTable(options.weights);
const rand = mulberry32(options.seed);
const latencies = new Map<MixKind | 'replay', number[]>();
const statuses = new Map<MixKind | 'replay', number[]>();
let serial = options.seed * 1_000_000;

const replayed = options.replay ? { method: 'GET', path: options.replay } : undefined;
const nextRequest = () => {
  if (replayed) return { request: replayed, context: 'replay' as const };
  const kind = drawKind(table!, rand());
  const account = options.accounts[Math.floor(rand() * options.accounts.length)]!;
  const r = buildRequest(kind, account, rand, serial++);
  const headers: Record<string, string> = { Authorization: `Bearer ${r.token}` };
  if (r.body) headers['Content-Type'] = 'application/json';
  return { request: { method: r.method, path: r.path, headers, body: r.body }, context: kind };
};

const cpuBefore = process.cpuUsage();
const r = await runLoad({
  url: options.url,
  connections: options.connections,
  durationSec: options.durationSec,
  amount: options.amount,
  timeoutSec: 30,
  next: nextRequest,
  onAnswer: (status, ms, kind) => {
    const k = kind as MixKind | 'replay';
    (latencies.get(k) ?? latencies.set(k, []).get(k)!).push(ms);
    (statuses.get(k) ?? statuses.set(k, []).get(k)!).push(status);
  },
});

{
  const kinds: Partial<Record<MixKind, KindStats>> = {};
  for (const [kind, xs] of latencies) if (kind !== 'replay') kinds[kind] = kindStats(xs, statuses.get(kind) ?? []);
  const result: MixClientResult = {
    durationSec: r.durationSec,
    overall: kindStats([...latencies.values()].flat(), [...statuses.values()].flat()),
    kinds,
    socketErrors: r.socketErrors,
    cpuMs: ((used) => (used.user + used.system) / 1000)(process.cpuUsage(cpuBefore)),
  };
  if (r.unreadable) process.stderr.write(`mix client: an answer could not be read: ${r.unreadable}\n`);
  process.stdout.write(JSON.stringify(result));
}
