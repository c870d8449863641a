import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok, TEST_USER } from '@/test/mock-api';
import { ProfileScreen } from './profile-screen';

const mock = mockApi();

describe('ProfileScreen', () => {
  it('when the member saves a name, then PATCH /auth/me carries only the name and a toast confirms it', async () => {
    mock.onGet('/auth/me').reply(200, ok(TEST_USER));
    mock.onPatch('/auth/me').reply((config) => [200, ok({ ...TEST_USER, name: (JSON.parse(String(config.data)) as { name: string }).name })]);
    renderWithProviders(<ProfileScreen />, { route: '/profile', path: '/profile', token: 'jwt' });
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, '  Sam Carter ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Your name is saved');
    expect(mock.history.patch.map((r) => JSON.parse(String(r.data)))).toEqual([{ name: 'Sam Carter' }]);
  });

  it('when the server refuses the name, then its message is shown', async () => {
    mock.onGet('/auth/me').reply(200, ok(TEST_USER));
    mock.onPatch('/auth/me').reply(400, fail('Name must be at most 100 characters', 'VALIDATION_ERROR'));
    renderWithProviders(<ProfileScreen />, { route: '/profile', path: '/profile', token: 'jwt' });
    await userEvent.type(await screen.findByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Name must be at most 100 characters');
  });
});
