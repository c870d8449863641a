import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok, TEST_USER } from '@/test/mock-api';
import { TeamScreen } from './team-screen';

const mock = mockApi();
const ENGINEER = { userId: '00000000-0000-4000-8000-000000000002', email: 'sam@example.co.uk', name: 'sam', role: 'ENGINEER' };
const PENDING = {
  id: '00000000-0000-4000-8000-000000000009',
  email: 'acc@example.co.uk',
  role: 'ACCOUNTANT',
  expiresAt: '2030-01-08T10:00:00.000Z',
  createdAt: '2030-01-01T10:00:00.000Z',
  invitedBy: TEST_USER.email,
};

function team() {
  mock.onGet('/auth/me').reply(200, ok({ ...TEST_USER, account: { id: TEST_USER.id, name: 'Bright Sparks', role: 'OWNER', engineersSeePrices: false } }));
  mock.onGet('/account/members').reply(200, ok([{ userId: TEST_USER.id, email: TEST_USER.email, name: 'owner', role: 'OWNER' }, ENGINEER]));
  mock.onGet('/account/invitations').reply(200, ok([PENDING]));
  mock.onGet('/account').reply(200, ok({ id: TEST_USER.id, name: 'Bright Sparks', engineersSeePrices: false, role: 'OWNER' }));
}

describe('TeamScreen', () => {
  it('when the owner invites someone, then the email and role are sent and the form clears', async () => {
    team();
    mock
      .onPost('/account/invitations')
      .reply(
        201,
        ok({ ...PENDING, id: '00000000-0000-4000-8000-000000000010', email: 'new@example.co.uk', role: 'OFFICE', url: 'http://x/accept-invitation?token=t' }),
      );
    renderWithProviders(<TeamScreen />, { token: 'jwt-1' });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await userEvent.type(within(form).getByLabelText('Email'), 'new@example.co.uk');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'OFFICE');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to new@example.co.uk');
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({ email: 'new@example.co.uk', role: 'OFFICE' });
    await waitFor(() => expect(within(form).getByLabelText('Email')).toHaveValue(''));
  });

  it('when the owner changes a role, removes a member or cancels an invitation, then each goes to its own route; the owner cannot remove themself here', async () => {
    team();
    mock.onPatch(`/account/members/${ENGINEER.userId}`).reply(200, ok({ ...ENGINEER, role: 'OFFICE' }));
    mock.onDelete(`/account/members/${ENGINEER.userId}`).reply(200, ok({ userId: ENGINEER.userId }));
    mock.onDelete(`/account/invitations/${PENDING.id}`).reply(200, ok({ id: PENDING.id }));
    renderWithProviders(<TeamScreen />, { token: 'jwt-1' });
    await userEvent.selectOptions(await screen.findByLabelText(`Role of ${ENGINEER.email}`), 'OFFICE');
    await waitFor(() => expect(JSON.parse(mock.history.patch[0]!.data as string)).toEqual({ role: 'OFFICE' }));
    expect(screen.queryByRole('button', { name: `Remove ${TEST_USER.email}` })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `Remove ${ENGINEER.email}` }));
    await waitFor(() => expect(mock.history.delete.map((r) => r.url)).toContain(`/account/members/${ENGINEER.userId}`));
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    await userEvent.click(within(pending).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(mock.history.delete.map((r) => r.url)).toContain(`/account/invitations/${PENDING.id}`));
  });

  it("when the owner types the business's name and deletes it, then DELETE /account carries the name and the session moves to their other business", async () => {
    team();
    const OTHER = '00000000-0000-4000-8000-000000000020';
    mock.onDelete('/account').reply(200, ok({ id: TEST_USER.id }));
    mock.onGet('/accounts').reply(200, ok([{ id: OTHER, name: 'Other Firm', role: 'ACCOUNTANT', current: false }]));
    mock
      .onPost('/auth/switch')
      .reply(200, ok({ token: 'jwt-2', user: TEST_USER, account: { id: OTHER, name: 'Other Firm', role: 'ACCOUNTANT', engineersSeePrices: false } }));
    renderWithProviders(<TeamScreen />, { token: 'jwt-1' });
    const form = await screen.findByRole('form', { name: 'Delete this business' });
    const button = within(form).getByRole('button', { name: 'Delete business' });
    await userEvent.type(within(form).getByLabelText(/Type the business/), 'Bright');
    expect(button).toBeDisabled();
    await userEvent.type(within(form).getByLabelText(/Type the business/), ' Sparks');
    await userEvent.click(button);
    await waitFor(() => expect(mock.history.post.map((r) => r.url)).toContain('/auth/switch'));
    expect(JSON.parse(mock.history.delete.find((r) => r.url === '/account')!.data as string)).toEqual({ confirm: 'Bright Sparks' });
    expect(JSON.parse(mock.history.post.find((r) => r.url === '/auth/switch')!.data as string)).toEqual({ accountId: OTHER });
  });
});
