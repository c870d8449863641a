import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok, TEST_USER } from '@/test/mock-api';
import { AcceptInvitationPage } from './accept-invitation-page';

const mock = mockApi();
const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const JOINED = { accountId: '00000000-0000-4000-8000-000000000009', accountName: 'Bright Sparks', userId: TEST_USER.id, role: 'ENGINEER' };

describe('AcceptInvitationPage', () => {
  it('when the signed-in invitee types a name and joins, then the accept carries it and the page says where they joined', async () => {
    mock.onGet('/auth/me').reply(200, ok(TEST_USER));
    mock.onPost(`/account/invitations/${TOKEN}/accept`).reply(200, ok(JOINED));
    renderWithProviders(<AcceptInvitationPage />, { route: `/accept-invitation?token=${TOKEN}`, path: '/accept-invitation', token: 'jwt' });
    const name = await screen.findByLabelText('Your name');
    expect(name).toHaveValue('owner');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sam Spark');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(/You joined/)).toHaveTextContent('You joined Bright Sparks as Engineer.');
    expect(mock.history.post.map((r) => JSON.parse(String(r.data)))).toEqual([{ name: 'Sam Spark' }]);
  });

  it('when the invitee joins without touching the name, then no name is sent (they keep theirs)', async () => {
    mock.onGet('/auth/me').reply(200, ok(TEST_USER));
    mock.onPost(`/account/invitations/${TOKEN}/accept`).reply(200, ok(JOINED));
    renderWithProviders(<AcceptInvitationPage />, { route: `/accept-invitation?token=${TOKEN}`, path: '/accept-invitation', token: 'jwt' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await screen.findByText(/You joined/);
    expect(mock.history.post.map((r) => JSON.parse(String(r.data)))).toEqual([{}]);
  });
});
