import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { installCrashHandlers } from './crash-handler.ts';
import { runAsRequest } from './request-context.ts';

function setup() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const proc = new EventEmitter();
  let stopped = 0;
  const stop = vi.fn(async () => {
    stopped += 1;
  });
  const exit = vi.fn();
  installCrashHandlers(proc as never, logger, stop, exit, 60_000);
  return { lines, proc, stop, exit, stopped: () => stopped };
}

describe('process-level crash handler', () => {
  it('when an exception escapes while serving a request, then it is logged with that request id, the server drains and exits 1', async () => {
    const s = setup();
    runAsRequest('req-42', () => s.proc.emit('uncaughtException', new Error('boom'), 'uncaughtException'));
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(1));
    expect(s.stopped()).toBe(1);
    const fatal = s.lines.find((l) => l.level === 60)!;
    expect(fatal).toMatchObject({ requestId: 'req-42', kind: 'uncaughtException', error: { type: 'Error', message: 'boom' } });
  });

  it('when a promise rejection nobody handles arrives, then it is treated the same and a second one does not stop twice', async () => {
    const s = setup();
    s.proc.emit('unhandledRejection', new Error('first'));
    s.proc.emit('unhandledRejection', new Error('second'));
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(1));
    expect(s.stop).toHaveBeenCalledTimes(1);
    expect(s.lines.filter((l) => l.level === 60)).toHaveLength(2);
  });
});
