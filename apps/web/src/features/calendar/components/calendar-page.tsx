import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { FileText, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { TQuote } from '@docket/schemas/document';
import type { TCalendarEvent } from '@docket/schemas/event';
import { QUOTE_FOLLOW_UP_STATUSES } from '@docket/schemas/lifecycle';
import type { TEventFormInput, TEventFormOutput } from '@docket/schemas/forms';
import { errorMessage, toApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useMembers } from '@/lib/queries/account-members';
import { useClients } from '@/lib/queries/clients-list';
import { useRole } from '@/lib/role';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateEvent } from '../api/create-event';
import { useDeleteEvent } from '../api/delete-event';
import { useEvents } from '../api/get-events';
import { useQuotesForFollowUp } from '../api/get-quotes-for-follow-up';
import { useUpdateEvent } from '../api/update-event';
import { CalendarSummary } from './calendar-summary';
import type { CalendarViewProps } from './calendar-view';
import { CalendarViewBoundary } from './calendar-view-boundary';
import { EventDetailDialog } from './event-detail-dialog';
import { EventFormDialog } from './event-form-dialog';
import { emptyEventForm, eventColor, eventToForm, formToRequest, movedEventRequest, quoteFollowUpForm } from './event-form-values';
import { FromQuoteDialog } from './from-quote-dialog';

// FullCalendar is the heaviest dependency: it loads only when a calendar is actually shown.
const CalendarView = lazy(() => import('./calendar-view'));

/** One colour per member when the whole team's events show (issue 32); strong enough for the tinted events' borders. */
const MEMBER_COLOURS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#db2777', '#4b5563'];
const EVERYONE = 'all';

type FormDialog = { key: number; initial: TEventFormInput; event: TCalendarEvent | null } | null;

const LOADING_TEXT = 'Loading calendar...';
const saveErrorText = (error: unknown) => toApiError(error).message || 'Failed to save event';

/** Logs a supporting list that failed: the screen goes on with an empty one */
function useLogFailure(label: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${label} for the calendar`, toApiError(error).message);
  }, [label, error]);
}

/** The Calendar screen (docs/product.md, "Screens"): summary cards, FullCalendar, event dialogs and quote follow-ups. */
export function CalendarPage() {
  const events = useEvents();
  const clients = useClients();
  const quotes = useQuotesForFollowUp();
  const currencySymbol = useCurrencySymbol();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const deleteEvent = useDeleteEvent();
  const [searchParams, setSearchParams] = useSearchParams();

  const [formDialog, setFormDialog] = useState<FormDialog>(null);
  const [detail, setDetail] = useState<TCalendarEvent | null>(null);
  const [fromQuoteOpen, setFromQuoteOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TCalendarEvent | null>(null);

  useLogFailure('clients', clients.error);
  useLogFailure('quotes', quotes.error);
  const eventsError = events.error;
  useEffect(() => {
    if (eventsError) toastError(errorMessage(eventsError, 'Failed to load calendar data'));
  }, [eventsError]);

  // A member's own events are their default view; engineers cannot list the team, so they choose between theirs and everyone's.
  const { user } = useSession();
  const { role } = useRole();
  const members = useMembers(role !== 'ENGINEER');
  const memberList = useMemo(() => members.data ?? [], [members.data]);
  const [chosenMember, setShownMember] = useState<string | null>(null);
  // until one is chosen: their own (an engineer's always, anyone else's once the business has a team)
  const shownMember = chosenMember ?? (user && (role === 'ENGINEER' || memberList.length > 1) ? user.id : EVERYONE);
  // In a team, owners and office staff assign events; a new one is the maker's until they choose another.
  // A follow-up from a quote is always its maker's (an engineer's is made theirs by the server).
  const assignable = role !== 'ENGINEER' && memberList.length > 1 ? memberList.map((m) => ({ userId: m.userId, name: m.name })) : undefined;
  const mine = (initial: TEventFormInput, always = false): TEventFormInput =>
    (assignable || always) && role !== 'ENGINEER' && user ? { ...initial, assigneeId: user.id } : initial;
  const memberOptions =
    role === 'ENGINEER' ? (user ? [{ userId: user.id, name: 'My events' }] : []) : memberList.map((m) => ({ userId: m.userId, name: m.name }));
  const memberColour = useMemo(() => new Map(memberList.map((m, i) => [m.userId, MEMBER_COLOURS[i % MEMBER_COLOURS.length]!])), [memberList]);
  const colourOf = useMemo(
    () =>
      memberList.length > 1 && shownMember === EVERYONE ? (e: TCalendarEvent) => (e.assigneeId && memberColour.get(e.assigneeId)) || eventColor(e) : undefined,
    [memberList.length, shownMember, memberColour],
  );
  const allEvents = useMemo(() => events.data ?? [], [events.data]);
  const eventList = useMemo(() => (shownMember === EVERYONE ? allEvents : allEvents.filter((e) => e.assigneeId === shownMember)), [allEvents, shownMember]);
  const clientList = clients.data ?? [];
  const approvedQuotes = useMemo(() => (quotes.data ?? []).filter((q) => QUOTE_FOLLOW_UP_STATUSES.includes(q.status)), [quotes.data]);

  // A fresh key per opening remounts the form with these values.
  const openForm = useCallback(
    (initial: TEventFormInput, event: TCalendarEvent | null = null) => setFormDialog((current) => ({ key: (current?.key ?? 0) + 1, initial, event })),
    [],
  );

  const openFollowUp = (quote: TQuote) => {
    setFromQuoteOpen(false);
    openForm(mine(quoteFollowUpForm(quote), true));
  };

  // 'Schedule Follow-up' on the Quotes screen arrives as ?fromQuote=<id>: once the quotes are in,
  // open the prefilled form (state adjusted during render, not in an effect), then drop the parameter.
  const fromQuoteId = searchParams.get('fromQuote');
  const [handledFromQuote, setHandledFromQuote] = useState<string | null>(null);
  if (fromQuoteId && fromQuoteId !== handledFromQuote && !quotes.isPending) {
    setHandledFromQuote(fromQuoteId);
    const quote = quotes.data?.find((q) => q.id === fromQuoteId);
    if (quote) openForm(mine(quoteFollowUpForm(quote), true));
  }
  useEffect(() => {
    if (!fromQuoteId || fromQuoteId !== handledFromQuote) return;
    setSearchParams(
      (params) => {
        params.delete('fromQuote');
        return params;
      },
      { replace: true },
    );
  }, [fromQuoteId, handledFromQuote, setSearchParams]);

  async function saveEvent(values: TEventFormOutput) {
    const existing = formDialog?.event ?? null;
    const body = formToRequest(values, existing);
    try {
      if (existing) {
        await updateEvent.mutateAsync({ id: existing.id, body });
        toastSuccess('Event updated successfully');
      } else {
        await createEvent.mutateAsync(body);
        toastSuccess('Event created successfully');
      }
      setFormDialog(null);
    } catch (error) {
      toastError(saveErrorText(error));
    }
  }

  const moveEvent: CalendarViewProps['onEventMove'] = async ({ id, start, end, allDay, revert }) => {
    const event = eventList.find((e) => e.id === id);
    if (!event) return revert();
    try {
      await updateEvent.mutateAsync({ id, body: movedEventRequest(event, start, end, allDay) });
      toastSuccess('Event updated successfully');
    } catch (error) {
      revert();
      toastError(saveErrorText(error));
    }
  };

  async function confirmDelete() {
    const event = toDelete;
    setToDelete(null);
    if (!event) return;
    try {
      await deleteEvent.mutateAsync(event.id);
      setDetail(null);
      toastSuccess('Event deleted successfully');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete event'));
    }
  }

  const retry = () => {
    void events.refetch();
    void clients.refetch();
    void quotes.refetch();
  };

  let body;
  if (events.isPending) {
    body = (
      <p role="status" className="py-10 text-center text-sm text-slate-600">
        {LOADING_TEXT}
      </p>
    );
  } else if (events.isError) {
    body = (
      <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Error loading calendar</h2>
        <p className="break-words text-sm text-slate-600">{errorMessage(events.error, 'Failed to load calendar data')}</p>
        <Button variant="outline" onClick={retry}>
          Try Again
        </Button>
      </Card>
    );
  } else {
    body = (
      <>
        {(role === 'ENGINEER' || memberOptions.length > 1) && (
          <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
            <label htmlFor="calendar-member" className="font-medium text-slate-700">
              Show
            </label>
            <select
              id="calendar-member"
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
              value={shownMember}
              onChange={(e) => setShownMember(e.target.value)}
            >
              <option value={EVERYONE}>Everyone&apos;s events</option>
              {memberOptions.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </select>
            {colourOf && (
              <ul aria-label="Member colours" className="flex flex-wrap gap-3 text-slate-600">
                {memberList.map((m) => (
                  <li key={m.userId} className="flex items-center gap-1">
                    <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: memberColour.get(m.userId) }} />
                    {m.name}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <CalendarSummary events={eventList} />
        {eventList.length === 0 ? (
          <EmptyState message="No events found. Create your first event to get started!" />
        ) : (
          <Card className="p-2 sm:p-4">
            <CalendarViewBoundary>
              <Suspense fallback={<p className="py-10 text-center text-sm text-slate-600">{LOADING_TEXT}</p>}>
                <CalendarView
                  events={eventList}
                  colourOf={colourOf}
                  onSelectRange={(range) => openForm(mine(emptyEventForm(range)))}
                  onEventClick={(id) => setDetail(eventList.find((e) => e.id === id) ?? null)}
                  onEventMove={(move) => void moveEvent(move)}
                />
              </Suspense>
            </CalendarViewBoundary>
          </Card>
        )}
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title="Calendar"
        subtitle="Manage your appointments and follow-ups"
        actions={
          <>
            <Button variant="outline" onClick={() => setFromQuoteOpen(true)}>
              <FileText aria-hidden="true" className="h-4 w-4" />
              From Quote
            </Button>
            <Button onClick={() => openForm(mine(emptyEventForm()))}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              New Event
            </Button>
          </>
        }
      />
      {body}
      {formDialog && (
        <EventFormDialog
          key={formDialog.key}
          open
          onOpenChange={(open) => !open && setFormDialog(null)}
          mode={formDialog.event ? 'edit' : 'create'}
          initialValues={formDialog.initial}
          clients={clientList}
          members={assignable}
          onSubmit={saveEvent}
        />
      )}
      <EventDetailDialog
        event={detail}
        onOpenChange={(open) => !open && setDetail(null)}
        onEdit={(event) => {
          setDetail(null);
          openForm(eventToForm(event), event);
        }}
        onDelete={(event) => setToDelete(event)}
      />
      <FromQuoteDialog open={fromQuoteOpen} onOpenChange={setFromQuoteOpen} quotes={approvedQuotes} currencySymbol={currencySymbol} onChoose={openFollowUp} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description="Are you sure you want to delete this event?"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
