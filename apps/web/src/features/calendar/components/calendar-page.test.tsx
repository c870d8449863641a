import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TQuote } from '@docket/schemas/document';
import type { TCalendarEvent } from '@docket/schemas/event';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok, TEST_USER } from '@/test/mock-api';
import { moveReverts } from '@/test/calendar-view-stand-in';
import { CalendarPage } from './calendar-page';

const mock = mockApi();

const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing Ltd' };

function makeEvent(n: number, overrides: Partial<TCalendarEvent> = {}): TCalendarEvent {
  return {
    id: `55555555-5555-4555-8555-00000000000${n}`,
    title: `Event ${n}`,
    description: null,
    startDate: '2026-11-25T10:00:00.000Z',
    endDate: '2026-11-25T11:00:00.000Z',
    allDay: false,
    color: '#22c55e',
    location: null,
    notes: null,
    status: 'SCHEDULED',
    type: 'APPOINTMENT',
    clientId: null,
    quoteId: null,
    invoiceId: null,
    client: null,
    quote: null,
    invoice: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

function makeQuote(n: number, status: TQuote['status']): TQuote {
  return {
    id: `33333333-3333-4333-8333-00000000000${n}`,
    quoteNumber: `Q000${n}`,
    status,
    clientId: CLIENT.id,
    client: CLIENT,
    lineItems: [{ description: 'Boiler service', quantity: 1, unitPrice: 100 }],
    tax: 20,
    subtotal: 100,
    taxAmount: 20,
    total: 120,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    sentAt: null,
    invoice: null,
    invoicedAmount: 0,
    remainingAmount: 0,
    invoices: [],
    siteAddress: null,
  };
}

function setup({ events = [] as TCalendarEvent[] | 'pending', quotes = [] as TQuote[], route = '/calendar', token = undefined as string | undefined } = {}) {
  if (events === 'pending') mock.onGet('/calendar').reply(() => new Promise(() => {}));
  else mock.onGet('/calendar').reply(200, ok(events));
  mock.onGet('/clients').reply(200, ok([{ ...CLIENT, email: 'a@acme.co.uk', phone: null, address: null }]));
  mock.onGet('/quotes').reply(200, ok(quotes));
  mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
  return renderWithProviders(<CalendarPage />, { route, path: '/calendar', ...(token ? { token } : {}) });
}

describe('CalendarPage', () => {
  it('when events are loading, then the heading, both buttons and "Loading calendar..." show', () => {
    setup({ events: 'pending' });
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByText('Manage your appointments and follow-ups')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'From Quote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Event' })).toBeInTheDocument();
    expect(screen.getByText('Loading calendar...')).toBeInTheDocument();
  });

  it('when events fail to load, then the error state shows the message and Try Again reloads', async () => {
    mock.onGet('/calendar').replyOnce(500, fail('Database unavailable'));
    setup({ events: [] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading calendar')).toBeInTheDocument();
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByText('No events found. Create your first event to get started!');
  });

  it('when the load fails without a server message, then the toast and the error state say "Failed to load calendar data"', async () => {
    mock.onGet('/calendar').networkErrorOnce();
    setup({ events: [] });
    await screen.findByText('Error loading calendar');
    await waitFor(() => expect(screen.getAllByText('Failed to load calendar data')).toHaveLength(2));
  });

  it('when there are no events, then the empty message shows and no calendar is rendered', async () => {
    setup({ events: [] });
    await screen.findByText('No events found. Create your first event to get started!');
    expect(screen.queryByTestId('calendar-view')).not.toBeInTheDocument();
  });

  it('when events load, then the four summary cards count them and the calendar shows', async () => {
    const today = new Date();
    today.setHours(12, 0, 0, 0);
    setup({
      events: [
        makeEvent(1, { startDate: today.toISOString(), clientId: CLIENT.id }),
        makeEvent(2, { type: 'QUOTE_FOLLOW_UP', clientId: CLIENT.id }),
        makeEvent(3, { clientId: '66666666-6666-4666-8666-666666666666' }),
      ],
    });
    await screen.findByTestId('calendar-view');
    const summary = screen.getByRole('list', { name: 'Calendar summary' });
    const value = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(value('Total Events')).toBe('3');
    expect(value("Today's Events")).toBe('1');
    expect(value('Quote Follow-ups')).toBe('1');
    expect(value('Active Clients')).toBe('2');
  });

  it('when the business has two members, then the calendar shows everyone in one colour each, and choosing a member shows only their events', async () => {
    const ann = '77777777-7777-4777-8777-000000000001';
    const bob = '77777777-7777-4777-8777-000000000002';
    mock.onGet('/account/members').reply(
      200,
      ok([
        { userId: ann, email: 'ann@example.co.uk', name: 'ann', role: 'OWNER' },
        { userId: bob, email: 'bob@example.co.uk', name: 'bob', role: 'ENGINEER' },
      ]),
    );
    setup({ events: [makeEvent(1, { assigneeId: ann }), makeEvent(2, { assigneeId: bob }), makeEvent(3)] });
    expect(await screen.findByRole('list', { name: 'Member colours' })).toHaveTextContent('annbob');
    expect(within(screen.getByTestId('calendar-view')).getAllByRole('button', { name: /^Event / })).toHaveLength(3);
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'bob');
    expect(
      within(screen.getByTestId('calendar-view'))
        .getAllByRole('button', { name: /^Event / })
        .map((b) => b.textContent),
    ).toEqual(['Event 2']);
    expect(screen.queryByRole('list', { name: 'Member colours' })).not.toBeInTheDocument();
  });

  it('when a member of a team opens the calendar, then their own events show first; a new event is theirs unless they assign it to another member', async () => {
    const bob = '77777777-7777-4777-8777-000000000002';
    mock.onGet('/auth/me').reply(200, ok({ ...TEST_USER, account: { id: TEST_USER.id, name: 'Bright Sparks', role: 'OWNER', engineersSeePrices: false } }));
    mock.onGet('/account/members').reply(
      200,
      ok([
        { userId: TEST_USER.id, email: TEST_USER.email, name: 'owner', role: 'OWNER' },
        { userId: bob, email: 'bob@example.co.uk', name: 'bob', role: 'ENGINEER' },
      ]),
    );
    mock.onPost('/calendar').reply(201, ok(makeEvent(4, { assigneeId: bob })));
    setup({ events: [makeEvent(1, { assigneeId: TEST_USER.id }), makeEvent(2, { assigneeId: bob }), makeEvent(3)], token: 'jwt-1' });
    const shown = async () =>
      within(await screen.findByTestId('calendar-view'))
        .getAllByRole('button', { name: /^Event / })
        .map((b) => b.textContent);
    await waitFor(async () => expect(await shown()).toEqual(['Event 1']));
    expect(screen.getByLabelText('Show')).toHaveValue(TEST_USER.id);
    await userEvent.selectOptions(screen.getByLabelText('Show'), "Everyone's events");
    expect(await shown()).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    expect(within(dialog).getByLabelText('Assigned to')).toHaveValue(TEST_USER.id);
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Survey');
    await userEvent.selectOptions(within(dialog).getByLabelText('Assigned to'), 'bob');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]!.data as string)).toMatchObject({ title: 'Survey', assigneeId: bob });
  });

  it('when the clients or quotes lists fail, then the calendar still shows and the failure is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock.onGet('/clients').replyOnce(500, fail('boom'));
    mock.onGet('/quotes').replyOnce(500, fail('boom'));
    setup({ events: [makeEvent(1)] });
    await screen.findByTestId('calendar-view');
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load clients for the calendar', 'boom'));
    expect(log).toHaveBeenCalledWith('Failed to load quotes for the calendar', 'boom');
  });

  it('when an event is clicked, then its details show and Delete asks the spec question before deleting', async () => {
    const event = makeEvent(1, { location: 'Site A', client: CLIENT, clientId: CLIENT.id, notes: 'Bring ladder' });
    setup({ events: [event] });
    await userEvent.click(await screen.findByRole('button', { name: 'Event 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event 1' });
    expect(within(dialog).getByText('No description provided')).toBeInTheDocument();
    expect(within(dialog).getByText('Site A')).toBeInTheDocument();
    expect(within(dialog).getByText(CLIENT.name)).toBeInTheDocument();
    expect(within(dialog).getByText('Bring ladder')).toBeInTheDocument();
    mock.onDelete(`/calendar/${event.id}`).reply(200, ok({ id: event.id }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this event?')).toBeInTheDocument();
    const gets = (url: string) => mock.history.get.filter((r) => r.url === url).length;
    const before = { events: gets('/calendar'), clients: gets('/clients'), quotes: gets('/quotes') };
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Event deleted successfully');
    expect(mock.history.delete).toHaveLength(1);
    // After a delete all data reloads (docs/product.md, "Screens") (events, clients and quotes).
    await waitFor(() => expect(gets('/quotes')).toBe(before.quotes + 1));
    expect(gets('/calendar')).toBe(before.events + 1);
    expect(gets('/clients')).toBe(before.clients + 1);
  });

  it('when Edit is chosen on an event, then the edit dialog is prefilled and saving PUTs the event', async () => {
    const event = makeEvent(1, { description: 'Check boiler' });
    setup({ events: [event] });
    await userEvent.click(await screen.findByRole('button', { name: 'Event 1' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Event 1' })).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByText('Update event details')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Check boiler');
    mock.onPut(`/calendar/${event.id}`).reply(200, ok(event));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await screen.findByText('Event updated successfully');
    const body = JSON.parse(mock.history.put[0]!.data as string);
    expect(body).toMatchObject({ title: 'Event 1', startDate: event.startDate, endDate: event.endDate, status: 'SCHEDULED' });
  });

  it('when a range is selected, then the create form opens with start and end cut to the minute', async () => {
    setup({ events: [makeEvent(1)] });
    await userEvent.click(await screen.findByRole('button', { name: 'select range' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    expect(within(dialog).getByText('Add a new calendar event')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Start Date/)).toHaveValue('2026-11-25T10:00');
    expect(within(dialog).getByLabelText(/^End Date/)).toHaveValue('2026-11-25T11:30');
    expect(within(dialog).getByLabelText('All day')).not.toBeChecked();
  });

  it('when an event is dragged, then PUT carries the new times; when that fails, the move is reverted', async () => {
    const event = makeEvent(1);
    setup({ events: [event] });
    mock.onPut(`/calendar/${event.id}`).replyOnce(200, ok(event)).onPut(`/calendar/${event.id}`).replyOnce(400, fail('End date must be after start date'));
    await userEvent.click(await screen.findByRole('button', { name: 'drag first' }));
    await screen.findByText('Event updated successfully');
    expect(JSON.parse(mock.history.put[0]!.data as string)).toMatchObject({
      startDate: new Date(2026, 10, 26, 9).toISOString(),
      endDate: new Date(2026, 10, 26, 10).toISOString(),
      title: 'Event 1',
    });
    expect(moveReverts.at(-1)).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'drag first' }));
    await screen.findByText('End date must be after start date');
    expect(moveReverts.at(-1)).toHaveBeenCalled();
  });

  it('when From Quote is opened with no approved quotes, then it says "No approved quotes found"', async () => {
    setup({ quotes: [makeQuote(1, 'DRAFT')] });
    await userEvent.click(await screen.findByRole('button', { name: 'From Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event from Quote' });
    expect(within(dialog).getByText('Select an approved quote to create a follow-up event')).toBeInTheDocument();
    expect(await within(dialog).findByText('No approved quotes found')).toBeInTheDocument();
  });

  it('when an approved quote is chosen, then the follow-up form is prefilled and saving POSTs an event with the quote, assigned to whoever makes it', async () => {
    mock.onGet('/auth/me').reply(200, ok({ ...TEST_USER, account: { id: TEST_USER.id, name: 'Bright Sparks', role: 'OWNER', engineersSeePrices: false } }));
    mock.onGet('/account/members').reply(200, ok([{ userId: TEST_USER.id, email: TEST_USER.email, name: 'owner', role: 'OWNER' }]));
    setup({ quotes: [makeQuote(1, 'DRAFT'), makeQuote(2, 'APPROVED')], token: 'jwt-1' });
    await screen.findByText('No events found. Create your first event to get started!');
    await userEvent.click(screen.getByRole('button', { name: 'From Quote' }));
    const picker = await screen.findByRole('dialog', { name: 'Create Event from Quote' });
    const list = within(picker).getByRole('list', { name: 'Approved quotes' });
    expect(list).toHaveClass('max-h-[15rem]');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    expect(within(list).getByText('£120.00')).toBeInTheDocument();
    expect(within(list).getByText('Status: APPROVED')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /Q0002/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue(`Follow-up: ${CLIENT.name}`);
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Follow-up for quote Q0002');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('QUOTE_FOLLOW_UP');
    expect(within(dialog).getByLabelText('Color')).toHaveValue('#facc15');
    expect(within(dialog).getByLabelText('Client')).toHaveValue(CLIENT.id);

    mock.onPost('/calendar').reply(201, ok(makeEvent(9)));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    const body = JSON.parse(mock.history.post[0]!.data as string);
    expect(body).toMatchObject({
      title: `Follow-up: ${CLIENT.name}`,
      type: 'QUOTE_FOLLOW_UP',
      color: '#facc15',
      clientId: CLIENT.id,
      quoteId: makeQuote(2, 'APPROVED').id,
      status: 'SCHEDULED',
      assigneeId: TEST_USER.id,
    });
    expect(new Date(body.startDate).toISOString()).toBe(body.startDate);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Event' })).not.toBeInTheDocument());
  });

  it('when arriving from a quote card (?fromQuote=id), then the follow-up form opens for that quote', async () => {
    const quote = makeQuote(3, 'APPROVED');
    setup({ quotes: [quote], route: `/calendar?fromQuote=${quote.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Follow-up for quote Q0003');
  });

  it('when saving an event fails without a server message, then the exception message is toasted', async () => {
    setup({ events: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'New Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Site visit');
    mock.onPost('/calendar').networkError();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Network Error');
    expect(screen.getByRole('dialog', { name: 'Create New Event' })).toBeInTheDocument();
  });
});
