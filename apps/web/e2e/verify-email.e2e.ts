import { describe, expect, test } from 'vitest';
import { VERIFY_MESSAGES } from '@docket/schemas/email';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { uniqueEmail } from './support/api.ts';
import { expectToast, expectUrl, visible } from './support/ui.ts';

describe('journey: a new account verifies its email address', () => {
  const session = useBrowser();

  test('when a visitor signs up, then a banner asks them to verify, a new link can be sent, and opening it removes the banner', async () => {
    const { page } = session;
    await page.goto('/register');
    await page.getByLabel('Email').fill(uniqueEmail('verify'));
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm Password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectUrl(page, '/dashboard');

    const banner = page.getByRole('status', { name: 'Verify your email address' });
    await visible(banner);
    await expectAccessible(page, '/dashboard (unverified)');
    await banner.getByRole('button', { name: 'Resend verification' }).click();
    await expectToast(page, VERIFY_MESSAGES.sent);

    // No mail server in the journeys: the links wait in the outbox, as Settings shows them.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const outbox = await page.request.get('/api/email/outbox', { headers: { authorization: `Bearer ${token}` } });
    const messages = ((await outbox.json()) as { data: { kind: string; textBody: string }[] }).data.filter((m) => m.kind === 'verification');
    expect(messages).toHaveLength(2);
    const link = /https?:\/\/\S+?(\/verify-email\?token=\S+)/.exec(messages[0]!.textBody)!;
    await page.goto(link[1]!);
    await visible(page.getByText(VERIFY_MESSAGES.verified));
    await page.goto('/dashboard');
    await visible(page.getByText('No invoices yet'));
    expect(await banner.count()).toBe(0);
  });
});
