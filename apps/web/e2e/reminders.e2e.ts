import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { expectToast, signInWithToken, visible } from './support/ui.ts';

describe('journey: payment reminders', () => {
  const session = useBrowser();

  test('when reminders are switched on, one invoice paused and a client opted out, then the API holds exactly that', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'reminders');
    await user.api.createCompany();
    const client = await user.api.createClient('Hillside Builders');
    const first = await user.api.createInvoice(client.id, [{ description: 'Rewire', quantity: 1, unitPrice: 100 }], 0);
    await user.api.invoiceAction(first.id, 'send');
    const second = await user.api.createInvoice(client.id, [{ description: 'Lights', quantity: 1, unitPrice: 50 }], 0);
    await user.api.invoiceAction(second.id, 'send');

    await signInWithToken(page, user.token, '/settings');
    await page.getByLabel('Send payment reminders for unpaid invoices').check();
    await page.getByLabel('Reminder days (from the due date; negative = before)').fill('0, 7, 21');
    await page.getByRole('button', { name: 'Save reminders' }).click();
    await expectToast(page, 'Reminder settings saved');
    expect(await user.api.call('GET', '/company/reminders')).toEqual({ enabled: true, steps: [0, 7, 21] });

    await page.goto(`${session.baseURL}/clients/${client.id}`);
    const row = page.getByRole('listitem').filter({ hasText: 'INV0001' });
    await row.getByRole('button', { name: 'Pause reminders' }).click();
    await expectToast(page, 'Reminders paused for INV0001');
    await visible(row.getByRole('button', { name: 'Resume reminders' }));
    expect(await user.api.call('GET', `/invoices/${first.id}/reminders`)).toMatchObject({ paused: true, nextReminder: null });
    expect(await user.api.call('GET', `/invoices/${second.id}/reminders`)).toMatchObject({ paused: false });
    await expectAccessible(page, '/clients/:id with reminder switches');

    const optIn = page.getByLabel('Send payment reminders to this client (when reminders are on in Settings → Email)');
    await optIn.uncheck();
    await expectToast(page, 'No payment reminders to Hillside Builders');
    expect(await user.api.call('GET', `/clients/${client.id}/reminders`)).toEqual({ optOut: true });
    // Per-invoice switches mean nothing while the client is opted out, so they are not offered.
    await expect.poll(() => row.getByRole('button', { name: /reminders/ }).count()).toBe(0);
  });
});
