import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * What one round trip between two processes costs on this machine: the unit every SQL statement
 * to PostgreSQL and every HTTP answer pays. A /api/health answer is one; a mix request is one per
 * statement more. On a virtual machine waking a process on the other core can cost far more than
 * the work of a small query, which is why the mix's ratio to /api/health rests on statements per
 * request. Measured as a ping-pong of 200-byte messages over TCP loopback with a child process,
 * and with a server in the same process (no other process to wake) for comparison.
 */
export interface RoundTrip {
  /** wall time of one round trip, µs */
  wallUs: number;
  /** CPU of the calling process per round trip (user + system), µs */
  cpuUs: number;
  systemUs: number;
}
export interface RoundTrips {
  otherProcess: RoundTrip;
  sameProcess: RoundTrip;
  count: number;
}

async function pingPong(port: number, count: number): Promise<RoundTrip> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const message = Buffer.alloc(200, 1);
  const run = (n: number) =>
    new Promise<void>((resolve) => {
      let left = n;
      const onData = () => {
        if (--left === 0) {
          socket.off('data', onData);
          resolve();
        } else socket.write(message);
      };
      socket.on('data', onData);
      socket.write(message);
    });
  await run(Math.max(50, count / 10));
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await run(count);
  const wallUs = Number(process.hrtime.bigint() - start) / 1000 / count;
  const used = process.cpuUsage(cpu);
  socket.destroy();
  return { wallUs, cpuUs: (used.user + used.system) / count, systemUs: used.system / count };
}

function echoServer(): Promise<{ server: net.Server; port: number }> {
  const server = net.createServer((s) => {
    s.setNoDelay(true);
    s.on('data', (d) => s.write(d));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as net.AddressInfo).port })));
}

export async function measureRoundTrips(count = 5_000): Promise<RoundTrips> {
  const child = fork(fileURLToPath(import.meta.url), ['--echo'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => child.once('message', (m) => resolve(Number(m))).once('error', reject));
    const otherProcess = await pingPong(port, count);
    const { server, port: local } = await echoServer();
    const sameProcess = await pingPong(local, count);
    server.close();
    return { otherProcess, sameProcess, count };
  } finally {
    child.kill();
  }
}

if (process.argv.includes('--echo')) {
  const { port } = await echoServer();
  process.send?.(port);
}
