import type { TObligation } from '@docket/schemas/mtd';

const longDate = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Q3 2026" for a calendar quarter, else the period's dates (stagger quarters, months). */
export function periodLabel(o: Pick<TObligation, 'start' | 'end'>): string {
  const [sy, sm, sd] = o.start.split('-').map(Number) as [number, number, number];
  const [ey, em] = o.end.split('-').map(Number) as [number, number];
  const endOfMonth = new Date(Date.UTC(ey, em, 0)).getUTCDate();
  const calendarQuarter = sd === 1 && sm % 3 === 1 && ey === sy && em === sm + 2 && o.end.endsWith(`-${String(endOfMonth).padStart(2, '0')}`);
  return calendarQuarter ? `Q${(sm + 2) / 3} ${sy}` : `${longDate(o.start)} to ${longDate(o.end)}`;
}

/** "Q3 2026: due 7 November 2026 – open" */
export function obligationLabel(o: TObligation): string {
  return `${periodLabel(o)}: due ${longDate(o.due)} – ${o.status === 'O' ? 'open' : 'submitted'}`;
}
