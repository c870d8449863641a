import os from 'node:os';

/** A bench script's progress line: `[name 12s] message`, seconds since the script started. */
export function scriptLog(name: string): (msg: string) => void {
  const started = performance.now();
  return (msg) => process.stdout.write(`[${name} ${((performance.now() - started) / 1000).toFixed(0)}s] ${msg}\n`);
}

/** The 1, 5 and 15-minute load averages as the results print them: `0.42 / 1.74 / 5.02`. */
export const loadNow = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');
