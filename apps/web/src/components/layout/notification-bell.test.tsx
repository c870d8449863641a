import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import type { TNotification } from '@docket/schemas/share';
import { mockApi, ok } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { NotificationBell } from './notification-bell';

const mock = mockApi();

const note = (over: Partial<TNotification>): TNotification => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'accepted',
  documentKind: 'quote',
  documentId: '22222222-2222-4222-8222-222222222222',
  documentNumber: 'Q0004',
  summary: 'Quote Q0004: Accepted by Pat Customer',
  createdAt: '2026-11-23T19:05:00.000Z',
  readAt: null,
  ...over,
});

describe('NotificationBell', () => {
  it('when there are unread notifications, then the bell names the count and lists them newest first; Mark all read posts no ids', async () => {
    const items = [
      note({}),
      note({ id: '33333333-3333-4333-8333-333333333333', kind: 'viewed', summary: 'Quote Q0004 was viewed by Pat', readAt: '2026-11-23T19:00:00.000Z' }),
    ];
    mock.onGet('/notifications').replyOnce(200, ok({ items, nextCursor: null, unread: 1 }));
    mock.onPost('/notifications/read').replyOnce(200, ok({ unread: 0 }));
    mock
      .onGet('/notifications')
      .reply(200, ok({ items: items.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-23T19:06:00.000Z' })), nextCursor: null, unread: 0 }));
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const entries = panel.querySelectorAll('li');
    expect(entries[0]).toHaveTextContent('Unread: Quote Q0004: Accepted by Pat Customer');
    expect(entries[1]).toHaveTextContent('Quote Q0004 was viewed by Pat');
    expect(entries[1]).not.toHaveTextContent('Unread');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({});
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('when a notification is opened, then it is marked read by id and the app goes to its document', async () => {
    mock.onGet('/notifications').reply(200, ok({ items: [note({})], nextCursor: null, unread: 1 }));
    mock.onPost('/notifications/read').reply(200, ok({ unread: 0 }));
    renderWithProviders(<NotificationBell />, {
      path: '/',
      extraRoutes: <Route path="/quotes/22222222-2222-4222-8222-222222222222" element={<p>quotes page</p>} />,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(screen.getByRole('button', { name: /Accepted by Pat Customer/ }));
    await screen.findByText('quotes page');
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({ ids: [note({}).id] });
  });
});
