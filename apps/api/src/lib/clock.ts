import { BUSINESS_TIME_ZONE } from '@docket/schemas/constants';

/** Injected so tests can move time (overdue invoices, monthly usage). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The last minute asked for and its London day. Every request that reads documents asks (overdue
 * is a matter of today), and formatting through Intl costs more than the rest of a kept answer's
 * own work. London's day changes on a minute boundary (its offsets are whole hours), so one
 * minute has one day.
 */
let lastMinute = Number.NaN;
let lastDay = '';

/** 'YYYY-MM-DD' of an instant in Europe/London. */
export function londonDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = dayFormatter.format(at);
    lastMinute = minute;
  }
  return lastDay;
}

/** 'YYYY-MM-DD' plus n calendar days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

// Building an Intl formatter costs far more than formatting with one (it loads time-zone data).
const wallTimeFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UTC instant of a wall-clock time in Europe/London (handles BST). */
export function londonWallTimeToInstant(day: string, hour: number, minute: number): Date {
  const guess = new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const parts = wallTimeFormatter.formatToParts(guess);
  const h = Number(parts.find((p) => p.type === 'hour')?.value);
  const m = Number(parts.find((p) => p.type === 'minute')?.value);
  const offsetMinutes = (h * 60 + m - (hour * 60 + minute) + 1440) % 1440;
  return new Date(guess.getTime() - (offsetMinutes > 720 ? offsetMinutes - 1440 : offsetMinutes) * 60_000);
}

/** First instant of the month containing `at`, in Europe/London, and the next month's. */
export function londonMonthBounds(at: Date): { month: string; start: Date; end: Date } {
  const day = londonDay(at);
  const month = day.slice(0, 7);
  const [y, mo] = month.split('-').map(Number) as [number, number];
  const next = mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
  return { month, start: londonWallTimeToInstant(`${month}-01`, 0, 0), end: londonWallTimeToInstant(next, 0, 0) };
}
