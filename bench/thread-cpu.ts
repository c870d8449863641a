import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux build Node supports. */
const TICKS_PER_SECOND = 100;

/**
 * CPU ms used so far by this process's main thread alone (the thread that serves HTTP and runs
 * the routes), read from /proc; NaN where there is no /proc. process.cpuUsage() counts every
 * thread: the PDF render workers, V8's garbage-collector helpers and libuv's pool as well, and
 * the mix needs to tell the thread that answers from the work beside it.
 */
export function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // "pid (comm) state …": comm may hold spaces, so fields are counted after its closing bracket
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
