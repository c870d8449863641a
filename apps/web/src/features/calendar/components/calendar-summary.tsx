import { CalendarDays, Clock, FileText, Users } from 'lucide-react';
import type { TCalendarEvent } from '@docket/schemas/event';
import { Card } from '@/components/ui/card';

const sameLocalDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The four summary figures (today is the browser's date, as the calendar shows it). */
export function summarise(events: TCalendarEvent[], now = new Date()) {
  return {
    total: events.length,
    today: events.filter((e) => sameLocalDay(new Date(e.startDate), now)).length,
    followUps: events.filter((e) => e.type === 'QUOTE_FOLLOW_UP').length,
    clients: new Set(events.map((e) => e.clientId).filter(Boolean)).size,
  };
}

export function CalendarSummary({ events }: { events: TCalendarEvent[] }) {
  const s = summarise(events);
  const cards = [
    { label: 'Total Events', value: s.total, Icon: CalendarDays },
    { label: "Today's Events", value: s.today, Icon: Clock },
    { label: 'Quote Follow-ups', value: s.followUps, Icon: FileText },
    { label: 'Active Clients', value: s.clients, Icon: Users },
  ];
  return (
    <ul className="mb-6 grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4" aria-label="Calendar summary">
      {cards.map(({ label, value, Icon }) => (
        <li key={label}>
          <Card className="flex items-center justify-between gap-3 p-4">
            <div>
              <p className="text-sm font-medium text-slate-600">{label}</p>
              <p className="text-2xl font-bold text-slate-900">{value}</p>
            </div>
            <Icon aria-hidden="true" className="h-6 w-6 text-slate-400" />
          </Card>
        </li>
      ))}
    </ul>
  );
}
