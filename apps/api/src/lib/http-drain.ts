import type http from 'node:http';

export interface DrainOptions {
  /** How long nothing may be accepted, started or in flight before the listener closes. */
  quietMs: number;
  /** Give up waiting for quiet after this long (below the process's force-exit). */
  ceilingMs: number;
  /** Between checks; each check also waits for one turn of the event loop's poll phase. */
  sampleMs?: number;
}

export interface DrainReport {
  drainMs: number;
  acceptedWhileDraining: number;
  answeredWhileDraining: number;
  reachedCeiling: boolean;
}

export interface HttpDrain {
  /** Drains, then closes the listener and idle connections; resolves when every socket is gone. */
  drain: (options: DrainOptions) => Promise<DrainReport>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Graceful stop that loses no request that reached the process. Closing the listening socket
 * resets every connection still waiting in the kernel's accept queue, and `server.close()`
 * destroys accepted sockets whose request bytes have not been read yet (Node counts them as
 * idle). While PGlite keeps the event loop busy both are common, so the listener stays open
 * and keeps serving (with `Connection: close`) until a quiet period has passed in which
 * nothing was accepted and no request was in flight.
 *
 * Quiet is judged in a setImmediate callback, which runs after the poll phase: if the loop was
 * blocked, the poll phase first accepts the waiting connections and parses their requests,
 * so a long block never looks like quiet (a plain timer runs before the poll phase and would).
 * That holds only if the block ended before that poll phase began. A block inside the turn
 * itself (a poll callback, or an earlier setImmediate callback of the same check phase) leaves
 * what arrived meanwhile for the next poll phase, so a turn that took long judges nothing.
 */
const LONG_TURN_MS = 50;

export function trackConnections(server: http.Server): HttpDrain {
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  let lastActivity = performance.now();
  let accepted = 0;
  let answered = 0;

  server.on('connection', () => {
    lastActivity = performance.now();
    if (draining) accepted += 1;
  });
  // Prepended so the header is set before the app can start writing the answer.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    lastActivity = performance.now();
    res.once('close', () => {
      inFlight.delete(res);
      lastActivity = performance.now();
      if (draining) answered += 1;
    });
  });

  const drain = async ({ quietMs, ceilingMs, sampleMs = 20 }: DrainOptions): Promise<DrainReport> => {
    draining = true;
    const started = performance.now();
    // Answers already being written still get the header if they have not sent it yet.
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    let reachedCeiling = false;
    for (;;) {
      await sleep(sampleMs);
      const turnStarted = performance.now();
      await nextTurn();
      const now = performance.now();
      if (inFlight.size > 0) lastActivity = now;
      if (now - turnStarted < LONG_TURN_MS && now - lastActivity >= quietMs) break;
      if (now - started >= ceilingMs) {
        reachedCeiling = true;
        break;
      }
    }
    // Only idle keep-alive sockets and sockets that never sent a request are left (unless the
    // ceiling was reached): close() shuts the listener and destroys the idle ones.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    // A client that never finishes its request headers must not hold the process forever.
    const hardStop = setTimeout(() => server.closeAllConnections(), Math.max(1000, ceilingMs - (performance.now() - started)));
    await closed.finally(() => {
      clearInterval(sweep);
      clearTimeout(hardStop);
    });
    return {
      drainMs: Math.round(performance.now() - started),
      acceptedWhileDraining: accepted,
      answeredWhileDraining: answered,
      reachedCeiling,
    };
  };

  return { drain };
}
