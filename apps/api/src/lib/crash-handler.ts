import type { Logger } from 'pino';
import { currentRequestId } from './request-context.ts';
import { describeError } from './safe-error.ts';

interface ProcessLike {
  on(event: 'uncaughtException', listener: (err: unknown, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * An exception nothing caught means the process is in a state no code planned for (a half-run
 * handler, a pool or transaction in doubt). Policy (docs/reliability.md, "Uncaught exceptions"):
 * log it once with the request id, stop taking connections, answer what is in flight, release
 * the database, and exit 1 so the supervisor (Docker's restart policy) starts a clean process.
 * PDF rendering, the one known source of such exceptions, runs in worker threads and never
 * reaches this handler.
 */
export function installCrashHandlers(proc: ProcessLike, logger: Logger, stop: () => Promise<void>, exit: (code: number) => void, forceExitMs: number) {
  let stopping = false;
  const crash = (kind: string, err: unknown) => {
    logger.fatal({ error: describeError(err), requestId: currentRequestId(), kind }, 'unexpected exception: stopping for a clean restart');
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => exit(1), forceExitMs);
    force.unref?.();
    stop().then(
      () => exit(1),
      () => exit(1),
    );
  };
  proc.on('uncaughtException', (err) => crash('uncaughtException', err));
  proc.on('unhandledRejection', (reason) => crash('unhandledRejection', reason));
}
