import { describe, expect, test } from 'vitest';
import { DOCUMENT_MESSAGES } from '@docket/schemas/document';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { londonDatePlus } from './support/dates.ts';
import { expectText, expectToast, gone, signInWithToken, visible } from './support/ui.ts';

/** issue 34: a trade business's first week (payment terms, due dates, reminders you can see). */
describe('journey: the first week', () => {
  const session = useBrowser();

  test('when a new account opens Settings and creates its profile, then no request fails and the reminders form appears without a reload, with its schedule in words and UK time', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'week1-settings');
    const failures: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && r.url().includes('/api/')) failures.push(`${r.status()} ${r.url()}`);
    });
    await signInWithToken(page, user.token, '/settings');
    await visible(page.getByText('Company Profile Required'));
    await visible(page.getByText('Save your company profile first to set up reminders.'));
    await page.getByLabel(/company name/i).fill('Oak & Ash Carpentry');
    await page.getByLabel(/^email/i).fill('office@oak-ash.example');
    await page.getByRole('button', { name: 'Create Company Profile' }).click();
    await expectToast(page, 'Company profile created successfully');
    // The reminders panel follows the new profile: no reload.
    await visible(page.getByLabel('Send payment reminders for unpaid invoices'));
    await gone(page.getByText('Save your company profile first to set up reminders.'));
    const schedule = page.getByTestId('reminder-schedule');
    await expectText(schedule, 'Schedule: 3 days before due, on the due date, 7/14/30 days after');
    await expectText(schedule, '09:00 UK time');
    await page.getByLabel(/Reminder days/).fill('-7, 0, 7, 14, 30');
    await expectText(schedule, 'Schedule: 7 days before due, on the due date, 7/14/30 days after');
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    await expectAccessible(page, '/settings reminders after the profile is created');
  });

  test("when the company's terms are 14 days and a client has 7, then a new invoice is due after the client's terms, and a due date before today is warned of and refused at issue", async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'week1-terms');
    await user.api.call('POST', '/company', { name: 'Oak & Ash Carpentry', email: 'office@oak-ash.example', paymentTermsDays: 14 });
    const own = await user.api.call<{ id: string }>('POST', '/clients', { name: 'Quick Pay Ltd', email: 'ap@quickpay.example', paymentTermsDays: 7 });
    await user.api.createClient('Standard Homes');
    expect(own.id).toBeTruthy();

    await signInWithToken(page, user.token, '/invoices');
    await page.getByRole('button', { name: 'New Invoice' }).click();
    const form = page.getByRole('form', { name: 'Create New Invoice' });
    await form.getByLabel('Client').selectOption({ label: 'Standard Homes' });
    await expect.poll(() => form.getByLabel('Due Date').inputValue()).toBe(londonDatePlus(14));
    await form.getByLabel('Client').selectOption({ label: 'Quick Pay Ltd' });
    await expect.poll(() => form.getByLabel('Due Date').inputValue()).toBe(londonDatePlus(7));
    await visible(form.getByText('Payment terms: 7 days'));

    // A due date before today: the form says so at once.
    await form.getByLabel('Due Date').fill(londonDatePlus(-10));
    await expectText(form.getByTestId('due-date-warning'), DOCUMENT_MESSAGES.dueDateInPast);
    await form.getByLabel('Due Date').fill(londonDatePlus(7));
    await gone(form.getByTestId('due-date-warning'));
    await expectAccessible(page, '/invoices form with payment terms');

    // Issuing an invoice due before its issue date is refused with a clear message.
    const draft = await user.api.call<{ id: string; invoiceNumber: string }>('POST', '/invoices', {
      clientId: own.id,
      lineItems: [{ description: 'Fit kitchen doors', quantity: 1, unitPrice: 400 }],
      dueDate: londonDatePlus(-5),
    });
    const res = await fetch(`${user.api.baseURL}/api/invoices/${draft.id}/send`, { method: 'PATCH', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(DOCUMENT_MESSAGES.dueBeforeIssue(londonDatePlus(-5), londonDatePlus(0)));
  });

  test("when reminders are on, then the client's page shows each unpaid invoice's next reminder and sends one now, once a day", async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'week1-remind');
    await user.api.call('POST', '/company', { name: 'Oak & Ash Carpentry', email: 'office@oak-ash.example' });
    await user.api.call('PUT', '/company/reminders', { enabled: true, steps: [-3, 0, 7, 14, 30] });
    const client = await user.api.createClient('Slow Pay Ltd');
    const inv = await user.api.call<{ id: string; invoiceNumber: string }>('POST', '/invoices', {
      clientId: client.id,
      lineItems: [{ description: 'Hang doors', quantity: 1, unitPrice: 250 }],
      dueDate: londonDatePlus(10),
    });
    await user.api.invoiceAction(inv.id, 'send');
    const { invoiceNumber } = await user.api.call<{ invoiceNumber: string }>('GET', `/invoices/${inv.id}`);

    await signInWithToken(page, user.token, `/clients/${client.id}`);
    const line = page.getByTestId('invoice-next-reminder');
    const uk = (day: string) => day.split('-').reverse().join('/');
    // Due in 10 days, steps from 3 days before: the first reminder is a week from today.
    await expectText(line, `Next reminder ${uk(londonDatePlus(7))} (3 days before due)`);
    await line.getByRole('button', { name: 'Send reminder now' }).click();
    await expectToast(page, `Reminder for ${invoiceNumber} sent`);
    await expectText(line, 'last sent');
    await line.getByRole('button', { name: 'Send reminder now' }).click();
    await expectToast(page, 'A reminder for this invoice already went out today: the next one can go tomorrow');
    await expectAccessible(page, '/clients/:id with the next reminder');
  });
});
