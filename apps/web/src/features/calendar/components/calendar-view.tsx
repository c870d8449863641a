import FullCalendar from '@fullcalendar/react';
import type { DateSelectArg, EventChangeArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { TCalendarEvent } from '@docket/schemas/event';
import { eventColor } from './event-form-values';

const DESCRIPTION_PREVIEW = 40;

export interface CalendarViewProps {
  events: TCalendarEvent[];
  onSelectRange: (range: { start: Date; end: Date; allDay: boolean }) => void;
  onEventClick: (id: string) => void;
  /** an event's colour when not its own (one colour per member); absent: the event's */
  colourOf?: (event: TCalendarEvent) => string;
  /** A drag or resize; call `revert` if it could not be saved. */
  onEventMove: (move: { id: string; start: Date; end: Date; allDay: boolean; revert: () => void }) => void;
}

/**
 * Events are drawn as a light tint of their colour with a full-colour border and dark text:
 * white or dark text on the five solid colours misses contrast AA for some (purple fails both).
 */
function tintOf(hex: string, strength = 0.22): string {
  const n = Number.parseInt(hex.slice(1), 16);
  if (!/^#[0-9a-f]{6}$/i.test(hex) || Number.isNaN(n)) return '#f1f5f9';
  const mix = (channel: number) => Math.round(255 - (255 - channel) * strength);
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}
const EVENT_TEXT = '#0f172a';

/**
 * FullCalendar's dark toolbar buttons in the app's own colours (white outline buttons, the
 * chosen view in the brand tint), today and outside-business hours tinted to match. FullCalendar
 * reads these custom properties; set here they override its :root defaults by inheritance.
 */
const CALENDAR_COLOURS = {
  '--fc-button-text-color': '#334155',
  '--fc-button-bg-color': '#ffffff',
  '--fc-button-border-color': '#cbd5e1',
  '--fc-button-hover-bg-color': '#f1f5f9',
  '--fc-button-hover-border-color': '#94a3b8',
  '--fc-button-active-bg-color': '#e0e7ff',
  '--fc-button-active-border-color': '#6366f1',
  '--fc-today-bg-color': 'rgba(238, 242, 255, 0.7)',
  '--fc-non-business-color': 'rgba(148, 163, 184, 0.16)',
} as CSSProperties;

/** Week and day views open at the start of a working day, with Monday-Friday 08:00-18:00 unshaded. */
const BUSINESS_HOURS = { daysOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' };
const OPEN_AT = '07:00:00';

function EventContent({ event, timeText }: EventContentArg) {
  const description = typeof event.extendedProps.description === 'string' ? event.extendedProps.description : '';
  const preview = description.length > DESCRIPTION_PREVIEW ? `${description.slice(0, DESCRIPTION_PREVIEW)}…` : description;
  return (
    <div className="min-w-0 overflow-hidden px-1 text-xs leading-tight">
      <span className="block truncate">
        {timeText && <span className="mr-1">{timeText}</span>}
        <span className="font-semibold">{event.title}</span>
      </span>
      {preview && <span className="block truncate">{preview}</span>}
    </div>
  );
}

/**
 * The FullCalendar card of the Calendar screen. Loaded on demand (React.lazy) so FullCalendar
 * stays out of every other screen's bundle.
 */
export default function CalendarView({ events, colourOf, onSelectRange, onEventClick, onEventMove }: CalendarViewProps) {
  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((e) => {
        const colour = colourOf?.(e) ?? eventColor(e);
        return {
          id: e.id,
          title: e.title,
          start: e.startDate,
          end: e.endDate,
          allDay: e.allDay,
          backgroundColor: tintOf(colour),
          borderColor: colour,
          textColor: EVENT_TEXT,
          extendedProps: { description: e.description ?? '' },
        };
      }),
    [events, colourOf],
  );

  // Month and list grow with their content; week and day get a scroller of their own so they
  // open at 07:00 (scrollTime does nothing while the whole 24-hour grid is laid out).
  const calendarRef = useRef<FullCalendar>(null);
  const [timeGrid, setTimeGrid] = useState(false);
  useEffect(() => {
    // The scroller only exists once the fixed height is applied, after the view switched.
    if (timeGrid) calendarRef.current?.getApi().scrollToTime(OPEN_AT);
  }, [timeGrid]);

  const move = ({ event, revert }: EventChangeArg) => {
    if (!event.start) return revert();
    // An all-day event dropped without an end keeps a one-day span; a timed one keeps an hour.
    const fallbackEnd = new Date(event.start.getTime() + (event.allDay ? 24 : 1) * 60 * 60 * 1000);
    onEventMove({ id: event.id, start: event.start, end: event.end ?? fallbackEnd, allDay: event.allDay, revert });
  };

  return (
    <div
      style={CALENDAR_COLOURS}
      className={
        // Let the toolbar wrap on phones (360 px) instead of overflowing; days of the neighbouring
        // months readable (FullCalendar fades them below contrast AA), also on shaded weekends.
        'min-w-0 [&_.fc-header-toolbar]:flex-wrap [&_.fc-header-toolbar]:gap-2 [&_.fc-toolbar-title]:text-lg! [&_.fc-button]:text-sm! ' +
        '[&_.fc-day-other_.fc-daygrid-day-top]:opacity-100! [&_.fc-day-other_.fc-daygrid-day-number]:text-slate-600 ' +
        '[&_.fc-event]:border-l-4! [&_.fc-button]:shadow-none! [&_.fc-button-active]:font-semibold'
      }
    >
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locale={enGbLocale}
        initialView="dayGridMonth"
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
        // Text rather than icon buttons: FullCalendar's icons are role="img" without a name.
        buttonIcons={false}
        buttonText={{ prev: 'Previous', next: 'Next', today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'List' }}
        events={inputs}
        editable
        selectable
        selectMirror
        // Blocks (not dots) in the month grid, so each event shows its colour.
        eventDisplay="block"
        dayMaxEvents={3}
        weekends
        ref={calendarRef}
        height={timeGrid ? Math.max(480, Math.round(window.innerHeight * 0.75)) : 'auto'}
        datesSet={({ view }) => setTimeGrid(view.type.startsWith('timeGrid'))}
        slotDuration="00:30:00"
        scrollTime={OPEN_AT}
        businessHours={BUSINESS_HOURS}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventContent={(arg) => <EventContent {...arg} />}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onEventClick(arg.event.id);
        }}
        select={(arg: DateSelectArg) => {
          arg.view.calendar.unselect();
          onSelectRange({ start: arg.start, end: arg.end, allDay: arg.allDay });
        }}
        eventChange={move}
        // A day cell is named by its date number alone, yet also holds events: let its content speak.
        dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        // The '+N more' link toggles a popover: give aria-expanded a role that allows it.
        moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
      />
    </div>
  );
}
