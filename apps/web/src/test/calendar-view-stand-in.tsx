import { vi } from 'vitest';
import type { CalendarViewProps } from '@/features/calendar/components/calendar-view';

/** The revert callback of every "drag first" move, newest last (the calendar page's tests read the last one). */
export const moveReverts: Array<() => void> = [];

/**
 * FullCalendar needs layout jsdom lacks: in every test file (src/test/setup.ts) this stand-in
 * replaces the calendar view and exposes the same callbacks as buttons.
 */
export default function CalendarViewStandIn({ events, onSelectRange, onEventClick, onEventMove }: CalendarViewProps) {
  return (
    <div data-testid="calendar-view">
      {events.map((e) => (
        <button key={e.id} type="button" onClick={() => onEventClick(e.id)}>
          {e.title}
        </button>
      ))}
      <button
        type="button"
        onClick={() => onSelectRange({ start: new Date(2026, 10, 25, 10, 0, 30, 500), end: new Date(2026, 10, 25, 11, 30), allDay: false })}
      >
        select range
      </button>
      <button
        type="button"
        onClick={() => {
          const revert = vi.fn();
          moveReverts.push(revert);
          onEventMove({ id: events[0]!.id, start: new Date(2026, 10, 26, 9), end: new Date(2026, 10, 26, 10), allDay: false, revert });
        }}
      >
        drag first
      </button>
    </div>
  );
}
