import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { MSG } from '@docket/schemas/messages';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { uniqueEmail } from './support/api.ts';
import { expectToast, expectUrl, toast, visible } from './support/ui.ts';

describe('journey 1: a new user', () => {
  const session = useBrowser();

  test('when a visitor registers with bad input first, then fixes it, they land on an empty dashboard and can sign out and in again', async () => {
    const { page } = session;
    const email = uniqueEmail('journey1');
    const password = 'secret-pass-1';

    await page.goto('/register');
    await visible(page.getByRole('heading', { name: 'Sign Up' }));
    await expectAccessible(page, '/register');

    const emailField = page.getByLabel('Email');
    const passwordField = page.getByLabel('Password', { exact: true });
    const confirmField = page.getByLabel('Confirm Password');
    const submit = page.getByRole('button', { name: 'Sign Up' });

    await emailField.fill('not-an-email');
    await passwordField.fill('12345');
    await confirmField.fill('12345');
    await submit.click();
    await visible(page.getByText(MSG.invalidEmail));
    await visible(page.getByText(MSG.passwordMin));
    await expectAccessible(page, '/register with errors');

    await emailField.fill(email);
    await passwordField.fill(password);
    await confirmField.fill(`${password}x`);
    await submit.click();
    await visible(page.getByText(MSG.passwordsDontMatch));
    await gonePair(page);

    await confirmField.fill(password);
    await submit.click();
    await expectUrl(page, '/dashboard');
    await expectToast(page, 'Account created successfully');
    await visible(page.getByText('No quotes yet'));
    await visible(page.getByText('No invoices yet'));
    for (const card of ['Total Invoiced', 'Outstanding', 'Active Quotes', 'Active Invoices']) {
      await visible(page.getByText(card, { exact: true }));
    }
    // The subscription panel in the sidebar: usage against limits and the way to pricing.
    await visible(page.getByRole('progressbar', { name: 'Invoices used' }));
    await visible(page.getByText(email));
    await expectAccessible(page, '/dashboard (empty)');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expectUrl(page, '/login');
    await expectToast(page, 'Logged out successfully');
    await expectAccessible(page, '/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectUrl(page, '/dashboard');
    await expectToast(page, 'Logged in successfully');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expectUrl(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The destructive toast: title 'Error' and the server's text.
    await visible(toast(page, 'Error').filter({ hasText: ERROR_MESSAGES.invalidCredentials }));
    await expectUrl(page, '/login');
    await expectAccessible(page, '/login with error toast');
  });
});

/** The first two messages are gone once their fields are valid. */
async function gonePair(page: Page) {
  await page.getByText(MSG.invalidEmail).waitFor({ state: 'detached' });
  await page.getByText(MSG.passwordMin).waitFor({ state: 'detached' });
}
