// The mix's load generator, in its own process (node --import tsx), so the server process's CPU
// time is the server's alone. autocannon builds each request in setupRequest: a kind drawn by
// weight, an account drawn at random, then that kind's request with its own random choices.
// Options arrive as a JSON file named in argv[2]; per-kind results leave as JSON on stdout.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
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

interface Context {
  kind?: MixKind;
  t0?: number;
}

const options = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as MixClientOptions;
const table = weightTable(options.weights);
const rand = mulberry32(options.seed);
const latencies = new Map<MixKind, number[]>();
const statuses = new Map<MixKind, number[]>();
let serial = options.seed * 1_000_000;

const cpuBefore = process.cpuUsage();
const r = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSec,
  amount: options.amount,
  timeout: 30,
  requests: [
    {
      setupRequest: (req, context: Context) => {
        const kind = drawKind(table, rand());
        const account = options.accounts[Math.floor(rand() * options.accounts.length)]!;
        const r = buildRequest(kind, account, rand, serial++);
        context.kind = kind;
        // autocannon builds a connection's next request as it sends it (one in flight per connection)
        context.t0 = performance.now();
        return {
          ...req,
          method: r.method,
          path: r.path,
          body: r.body,
          headers: { authorization: `Bearer ${r.token}`, ...(r.body ? { 'content-type': 'application/json' } : {}) },
        };
      },
      onResponse: (status: number, _body: string, context: Context) => {
        const kind = context.kind;
        if (!kind || context.t0 === undefined) return;
        (latencies.get(kind) ?? latencies.set(kind, []).get(kind)!).push(performance.now() - context.t0);
        (statuses.get(kind) ?? statuses.set(kind, []).get(kind)!).push(status);
      },
    },
  ] as autocannon.Request[],
});

{
  const kinds: Partial<Record<MixKind, KindStats>> = {};
  for (const [kind, xs] of latencies) kinds[kind] = kindStats(xs, statuses.get(kind) ?? []);
  const result: MixClientResult = {
    durationSec: r.duration,
    overall: kindStats([...latencies.values()].flat(), [...statuses.values()].flat()),
    kinds,
    socketErrors: r.errors + r.timeouts,
    cpuMs: ((used) => (used.user + used.system) / 1000)(process.cpuUsage(cpuBefore)),
  };
  process.stdout.write(JSON.stringify(result));
}
