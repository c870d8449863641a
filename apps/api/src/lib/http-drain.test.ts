import http from 'node:http';
import net from 'node:net';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections } from './http-drain.ts';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function listening(handler: http.RequestListener) {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port, drain: trackConnections(server).drain };
}

/** A raw GET on a brand-new connection; resolves with the whole answer text ('' if reset). */
function rawGet(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
}

/**
 * The same GET from another thread, whose event loop keeps running while ours is blocked. `sent`
 * hears once the request is written: ours can read it while blocked (receiveMessageOnPort).
 */
function rawGetFromThread(port: number): { answer: Promise<string>; sent: MessagePort } {
  const code = `
    const net = require('node:net');
    const { parentPort, workerData } = require('node:worker_threads');
    const socket = net.connect(workerData.port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n', () => workerData.sent.postMessage('sent'));
    });
    let text = '';
    socket.on('data', (c) => (text += c));
    socket.on('close', () => parentPort.postMessage(text));
    socket.on('error', () => undefined);
  `;
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(code, { eval: true, workerData: { port, sent: port2 }, transferList: [port2] });
  return { answer: new Promise((resolve) => worker.once('message', resolve)), sent: port1 };
}

function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* busy, as PGlite is while it runs a query */
  }
}

/**
 * Busy until the other thread has written its request, then `ms` more. A fixed block let a slow
 * worker start on a loaded machine connect only after it, which tested nothing and failed CI.
 */
function blockUntilSent(sent: MessagePort, ms: number) {
  const giveUp = Date.now() + 30_000;
  while (!receiveMessageOnPort(sent)) {
    if (Date.now() > giveUp) throw new Error('the other thread never sent its request');
  }
  blockEventLoop(ms);
}

describe('trackConnections().drain', () => {
  it('when nothing is in flight, then it closes after the quiet period and refuses new connections', async () => {
    const { port, drain } = await listening((_req, res) => res.end('ok'));
    const report = await drain({ quietMs: 200, ceilingMs: 5_000 });
    // Ended by the quiet period, not by the ceiling.
    expect(report).toMatchObject({ acceptedWhileDraining: 0, answeredWhileDraining: 0, reachedCeiling: false });
    expect(await rawGet(port)).toBe('');
  });

  it('when the event loop is blocked longer than the quiet period while connections wait to be accepted, then they are still answered with Connection: close', async () => {
    const { port, drain } = await listening((_req, res) => res.end('ok'));
    const draining = drain({ quietMs: 200, ceilingMs: 5_000 });
    await new Promise((r) => setTimeout(r, 30));
    // The client connects and sends while this thread is blocked (as PGlite blocks it): the
    // connection waits in the accept queue, and a quiet check run from a timer, before the
    // poll phase, would see 200 ms of quiet and close the listener on it.
    // Blocked from a check-phase callback, as request handlers block from the poll phase: the
    // next loop turn starts with the timers phase.
    const child = rawGetFromThread(port);
    // Twice the quiet period after the request is in the accept queue.
    await new Promise<void>((resolve) => setImmediate(() => resolve(blockUntilSent(child.sent, 400))));
    const [answer, report] = await Promise.all([child.answer, draining]);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(report.acceptedWhileDraining).toBe(1);
    expect(report.answeredWhileDraining).toBe(1);
  });

  it('when the turn that would judge quiet is itself blocked while a connection arrives, then that connection is still answered', async () => {
    const { port, drain } = await listening((_req, res) => res.end('ok'));
    const child = rawGetFromThread(port);
    const draining = await new Promise<ReturnType<typeof drain>>((resolve) =>
      setImmediate(() => {
        // With a 0 ms sample the drain's next turn starts in the next loop iteration, whose check
        // phase runs this block (queued now) before the drain's own setImmediate (queued then):
        // no poll phase between the block's end and the judgement.
        const report = drain({ quietMs: 200, ceilingMs: 5_000, sampleMs: 0 });
        setImmediate(() => blockUntilSent(child.sent, 400));
        blockEventLoop(5); // the drain's 1 ms timer is due when that iteration starts
        resolve(report);
      }),
    );
    const [answer, report] = await Promise.all([child.answer, draining]);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(report.acceptedWhileDraining).toBe(1);
  });

  it('when a request outlasts the ceiling, then drain reports it and still ends', async () => {
    const { port, drain } = await listening(() => undefined);
    const hanging = rawGet(port);
    await new Promise((r) => setTimeout(r, 50));
    const report = await drain({ quietMs: 100, ceilingMs: 300 });
    expect(report.reachedCeiling).toBe(true);
    expect(await hanging).toBe('');
  });
});
