/** Date range presets for exports, on London calendar days (YYYY-MM-DD, inclusive). */
export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Today in Europe/London. */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function quarterOf(y: number, m: number): DayRange {
  const first = Math.floor((m - 1) / 3) * 3 + 1;
  return { from: day(y, first, 1), to: day(y, first + 2, lastDayOf(y, first + 2)) };
}

/** Calendar quarter holding `today` (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec). */
export function thisQuarter(today: string): DayRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return quarterOf(y, m);
}

/** The calendar quarter before the one holding `today`. */
export function lastQuarter(today: string): DayRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m <= 3 ? quarterOf(y - 1, 12) : quarterOf(y, m - 3);
}

/** The UK tax year holding `today`: 6 April to 5 April. */
export function taxYear(today: string): DayRange {
  const [y] = today.split('-').map(Number) as [number];
  const start = today >= day(y, 4, 6) ? y : y - 1;
  return { from: day(start, 4, 6), to: day(start + 1, 4, 5) };
}

/** The tax year before the one holding `today`. */
export function lastTaxYear(today: string): DayRange {
  const current = taxYear(today);
  const y = Number(current.from.slice(0, 4)) - 1;
  return { from: day(y, 4, 6), to: day(y + 1, 4, 5) };
}
