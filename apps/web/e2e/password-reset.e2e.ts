import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { RESET_MESSAGES } from '@docket/schemas/email';
import { launchChromium, DESKTOP } from './support/browser.ts';
import { registerUser } from './support/api.ts';
import { startApp } from './support/server.ts';
import { startSmtp } from './support/smtp.ts';
import { expectUrl, visible } from './support/ui.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The reset link as the mail client shows it: quoted-printable soft breaks and escapes undone. */
function resetToken(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /reset-password\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text.slice(0, 2000)}`);
  return match[1]!;
}

describe('journey: forgotten password', () => {
  test('the link in the email sets a new password once; the old password and the used link stop working', async () => {
    const smtp = await startSmtp();
    const browser = await launchChromium();
    const app = await startApp(repoRoot, { env: { SMTP_URL: smtp.url } });
    try {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London' });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      // The sign-up's verification mail goes to the SMTP server first; resetting needs no verified address.
      const user = await registerUser(app.baseURL, 'reset', { verify: false });
      await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);

      await page.goto(`${app.baseURL}/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expectUrl(page, '/forgot-password');
      // The router keeps the sign-in form on screen while the lazy page loads (a transition), and
      // that form has an Email field too: fill only once the new page is there.
      await visible(page.getByRole('heading', { name: 'Forgot password' }));
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Email me a reset link' }).click();
      await visible(page.getByRole('status').filter({ hasText: RESET_MESSAGES.accepted }));

      await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(2);
      const token = resetToken(smtp.received[1]!);
      await page.goto(`${app.baseURL}/reset-password?token=${token}`);
      await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
      await page.getByLabel('Confirm new password').fill('a-brand-new-secret');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await visible(page.getByRole('status').filter({ hasText: RESET_MESSAGES.done }));

      // The old session is refused: its API call answers 401.
      const me = await fetch(`${app.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(me.status).toBe(401);

      // A used link says so and offers a new one.
      await page.goto(`${app.baseURL}/reset-password?token=${token}`);
      await page.getByLabel('New password', { exact: true }).fill('yet-another-secret');
      await page.getByLabel('Confirm new password').fill('yet-another-secret');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await visible(page.getByRole('alert').filter({ hasText: RESET_MESSAGES.invalidLink }));
      await visible(page.getByRole('link', { name: 'Ask for a new link' }));

      await page.goto(`${app.baseURL}/login`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill('a-brand-new-secret');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectUrl(page, '/dashboard');
    } finally {
      await app.stop();
      await browser.close();
      await smtp.close();
    }
  });
});
