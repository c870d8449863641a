import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux build Node supports. */
const TICKS_PER_SECOND = 100;

/**
 * CPU ms used so far by the PostgreSQL server's processes on this machine (postmaster, backends,
 * walwriter, autovacuum…), read from /proc; NaN where there is no /proc or no such process (PGlite
 * runs inside the app's own process, whose CPU the bench already counts; a remote server is not
 * visible). On PostgreSQL the database is more than half of a request's cost, so a figure of the
 * app's process alone would flatter it. A backend that exits between two readings takes its CPU
 * with it; the pool's connections stay open through a run, so readings around a run compare.
 */
export function databaseCpuMs(): number {
  let ticks = 0;
  let seen = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state …": comm may hold spaces, so fields are counted after its closing bracket
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    seen = true;
  }
  return seen ? (ticks * 1000) / TICKS_PER_SECOND : Number.NaN;
}
