import { CalendarPage } from '@/features/calendar/components/calendar-page';

/** Lazy-loaded by the router; FullCalendar itself is a further lazy chunk inside the page. */
export default function CalendarRoute() {
  return <CalendarPage />;
}
