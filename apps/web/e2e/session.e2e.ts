import { describe, inject, test } from 'vitest';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { expiredToken, registerUser } from './support/api.ts';
import { expectUrl, signInWithToken, visible } from './support/ui.ts';

describe('journey 8: session', () => {
  const session = useBrowser();

  test('when localStorage holds a garbage token, then a protected page (1366x768) leads to /login saying the session expired', async () => {
    const { page } = session;
    await signInWithToken(page, 'not-a-jwt', '/clients');
    await expectUrl(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign In' }));
    await visible(page.getByRole('status').filter({ hasText: ERROR_MESSAGES.sessionExpiredNotice }));
    await expectAccessible(page, '/login after a bad session');
  });

  test('when localStorage holds an expired token, then a protected page leads to /login saying so, and the token is cleared', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey8');
    await signInWithToken(page, expiredToken(user.id, inject('jwtSecret')), '/invoices');
    await expectUrl(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign In' }));
    await visible(page.getByText(ERROR_MESSAGES.sessionExpiredNotice));
    // A plain visit to /login afterwards carries no notice.
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'Sign In' }));
    if (await page.getByText(ERROR_MESSAGES.sessionExpiredNotice).count()) throw new Error('the notice showed on a plain visit');
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    if (stored !== null) throw new Error(`the expired token was kept: ${stored}`);
  });

  test('when a signed-in user opens an unknown path, then they go to /dashboard', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey8');
    await signInWithToken(page, user.token, '/no/such/page');
    await expectUrl(page, '/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
  });
});
