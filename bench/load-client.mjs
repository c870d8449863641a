// Runs one autocannon load in its own process, so the server process's CPU time counts only
// the server. Options arrive as JSON in argv[2]; the result leaves as JSON on stdout.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const r = await autocannon(options);
const statusCodes = {};
for (const [code, v] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = v.count;
process.stdout.write(
  JSON.stringify({
    requests: r.requests.total,
    duration: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: r.latency.average,
    errors: r.errors + r.timeouts + r.non2xx,
    statusCodes,
  }),
);
