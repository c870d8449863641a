import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, DESKTOP, PHONE } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { startApp } from './support/server.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { expectText, expectToast, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STRIPE_KEY = 'sk_test_journey_000000004242';
const STRIPE_WHSEC = 'whsec_journey_0000000000001';

describe('journey: paid from the link', () => {
  let fake: FakeStripe;
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  beforeAll(async () => {
    fake = await startFakeStripe(repoRoot, STRIPE_KEY);
    app = await startApp(repoRoot, { env: { SECRETS_KEY: 'journey-secrets-key-at-least-32-characters-long', STRIPE_API_BASE: fake.base } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    fake?.child.kill('SIGTERM');
  });

  test('when the customer pays by card on a phone, then the link shows PAID, the business sees the payment in the timeline and the receipt in the outbox, and no reminder is due', async () => {
    const user = await registerUser(app.baseURL, 'payonline');
    await user.api.call('POST', '/company', {
      name: 'Bright Sparks Electrical',
      email: 'hello@brightsparks.example',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
      bankDetails: { bankName: 'Barclays', accountName: 'Bright Sparks Ltd', accountNumber: '12345678', sortCode: '12-34-56' },
    });
    const client = await user.api.createClient('Oakwood Joinery', 'accounts@oakwood.example');
    const invoice = await user.api.createInvoice(client.id, [{ description: 'Consumer unit upgrade', quantity: 1, unitPrice: 450 }]);
    await user.api.call('PUT', '/company/reminders', { enabled: true, steps: [0, 7] });

    // The business switches Stripe on in Settings.
    const office = await browser.newContext({ baseURL: app.baseURL, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London' });
    office.setDefaultTimeout(15_000);
    const desk = await office.newPage();
    await signInWithToken(desk, user.token, '/settings');
    const stripeForm = desk.getByRole('form', { name: 'Card or Pay by Bank (Stripe)' });
    await stripeForm.getByLabel('Secret key (sk_live_… or sk_test_…)').fill(STRIPE_KEY);
    await stripeForm.getByLabel('Webhook signing secret (whsec_…)').fill(STRIPE_WHSEC);
    await stripeForm.getByRole('button', { name: 'Save Stripe keys' }).click();
    await expectToast(desk, 'Card or Pay by Bank (Stripe) saved');
    await expectText(stripeForm, 'key ending …4242');
    await expectAccessible(desk, '/settings with online payments');
    const [settings] = await user.api.call<Array<{ webhookUrl: string }>>('GET', '/company/payments');
    await fetch(`${fake.control}/_control/webhook`, { method: 'POST', body: JSON.stringify({ url: settings!.webhookUrl, secret: STRIPE_WHSEC }) });
    const { url } = await user.api.call<{ url: string }>('POST', `/invoices/${invoice.id}/share`);

    // The customer, on a phone, pays from the link.
    const phone = await browser.newContext({ baseURL: app.baseURL, viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London', hasTouch: true });
    phone.setDefaultTimeout(15_000);
    const page = await phone.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Pay now £540.00' }).click();
    await page.waitForURL((u) => u.toString().startsWith(fake.base));
    await expectText(page.locator('body'), 'Pay £540.00');
    await page.getByRole('button', { name: 'Succeed' }).click();
    await page.waitForURL(/\/p\/[^?]+\?payment=success$/);
    await visible(page.getByRole('status', { name: 'Payment received' }));
    await expectText(page.getByRole('status', { name: 'Payment received' }), 'Payment received, thank you');
    await visible(page.getByRole('status', { name: 'Invoice paid' }), 30_000);
    await expect.poll(() => page.getByRole('button', { name: /Pay now/ }).count()).toBe(0);
    await expectAccessible(page, '/p/:token after paying online');
    await saveScreenshot(page, 'phone-paid-online');

    // The business sees it PAID, the payment in the timeline, the receipt in the outbox; no reminder is due.
    const paid = await user.api.call<{ status: string; invoiceNumber: string; payments: Array<{ method: string; amount: number }> }>(
      'GET',
      `/invoices/${invoice.id}`,
    );
    expect(paid.status).toBe('PAID');
    expect(paid.payments).toEqual([expect.objectContaining({ method: 'CARD', amount: 540 })]);
    const timeline = await user.api.call<Array<{ action: string; summary: string }>>('GET', `/invoices/${invoice.id}/history`);
    expect(timeline.some((h) => h.action === 'payment recorded' && h.summary.startsWith('Online payment of £540.00 by card through Stripe'))).toBe(true);
    await desk.goto(`${app.baseURL}/invoices/${invoice.id}`);
    await expectText(desk.getByRole('main'), 'Online payment of £540.00 by card through Stripe');
    await expectText(desk.getByRole('main'), 'PAID');

    const outbox = await user.api.call<Array<{ kind: string; subject: string; to: string[] }>>('GET', '/email/outbox');
    expect(outbox).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'receipt', subject: `Payment received for ${paid.invoiceNumber}`, to: ['accounts@oakwood.example'] }),
      ]),
    );
    const reminders = await user.api.call<{ nextReminder: unknown }>('GET', `/invoices/${invoice.id}/reminders`);
    expect(reminders.nextReminder).toBeNull();

    // The business refunds part of it from the invoice's page: the balance reopens.
    await desk.getByRole('button', { name: /^Refund payment of £540\.00/ }).click();
    const refund = desk.getByRole('dialog', { name: 'Refund this payment?' });
    await expectText(refund, 'At most £540.00.');
    await refund.getByLabel(/Amount to refund/).fill('40');
    await refund.getByRole('button', { name: 'Yes, refund it' }).click();
    await expectToast(desk, 'Refunded £40.00');
    await expectText(desk.getByRole('main'), 'Refund of £40.00 made at Stripe');
    await expectText(desk.getByTestId('headline-amount'), '£40.00');
    await expectAccessible(desk, '/invoices/:id after a refund');
    const refunded = await user.api.call<{ status: string; balanceDue: number }>('GET', `/invoices/${invoice.id}`);
    expect(refunded).toMatchObject({ status: 'SENT', balanceDue: 40 });
  });

  test('when the customer accepts a quote asking for a deposit, then they pay the deposit from the same link and the deposit invoice is PAID', async () => {
    const user = await registerUser(app.baseURL, 'deposit');
    await user.api.call('POST', '/company', {
      name: 'Hillside Builders',
      email: 'office@hillside.example',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
    });
    const client = await user.api.createClient('Maple Lettings', 'accounts@maple.example');
    const quote = await user.api.createQuote(client.id, [{ description: 'Loft conversion, first stage', quantity: 1, unitPrice: 400 }]);
    // The business asks for a 25% deposit on the quote's page.
    const office = await browser.newContext({ baseURL: app.baseURL, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London' });
    office.setDefaultTimeout(15_000);
    const desk = await office.newPage();
    await signInWithToken(desk, user.token, `/quotes/${quote.id}`);
    await desk.getByRole('button', { name: 'More actions' }).click();
    await desk.getByRole('menuitem', { name: 'Deposit on acceptance…' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Deposit on acceptance' });
    await dialog.getByRole('radio', { name: 'Percent of the total' }).check();
    await dialog.getByLabel(/Deposit \(%\)/).fill('25');
    await expectText(dialog, 'the deposit is £120.00');
    await dialog.getByRole('button', { name: 'Save deposit' }).click();
    await expectToast(desk, 'Deposit saved');
    await expectText(desk.getByTestId('quote-deposit'), 'Asks for a deposit of 25% (£120.00) when the customer accepts.');
    await expectAccessible(desk, '/quotes/:id with a deposit');
    const saved = await user.api.call<{ webhookUrl: string }>('PUT', '/company/payments/stripe', { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WHSEC });
    await fetch(`${fake.control}/_control/webhook`, { method: 'POST', body: JSON.stringify({ url: saved.webhookUrl, secret: STRIPE_WHSEC }) });
    const { url } = await user.api.call<{ url: string }>('POST', `/quotes/${quote.id}/share`);

    const phone = await browser.newContext({ baseURL: app.baseURL, viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London', hasTouch: true });
    phone.setDefaultTimeout(15_000);
    const page = await phone.newPage();
    await page.goto(url);
    await expectText(page.getByRole('main'), 'This quote asks for a deposit of £120.00 when you accept it.');
    await page.getByRole('button', { name: 'Accept and sign' }).click();
    await page.getByLabel('Your full name').fill('Morgan Maple');
    await page.getByLabel('I accept this quote and its terms and conditions').check();
    await page.getByRole('button', { name: 'Accept quote' }).click();
    await visible(page.getByRole('status', { name: 'Quote accepted' }));
    await page.getByRole('button', { name: 'Pay deposit £120.00 now' }).click();
    await page.waitForURL((u) => u.toString().startsWith(fake.base));
    await page.getByRole('button', { name: 'Succeed' }).click();
    await page.waitForURL(/\/p\/[^?]+\?payment=success$/);
    await visible(page.getByRole('status', { name: 'Deposit paid' }), 30_000);
    await expectAccessible(page, '/p/:token after paying the deposit');

    const invoices = await user.api.call<{ items: Array<{ quoteId: string | null; status: string; total: number; invoiceNumber: string }> }>(
      'GET',
      `/invoices?clientId=${client.id}&limit=50`,
    );
    expect(invoices.items).toEqual([expect.objectContaining({ quoteId: quote.id, status: 'PAID', total: 120 })]);
    // The business sees the deposit invoice PAID on the client's page.
    await desk.goto(`${app.baseURL}/clients/${client.id}`);
    const depositItem = desk.getByRole('listitem').filter({ has: desk.getByRole('link', { name: invoices.items[0]!.invoiceNumber, exact: true }) });
    await expectText(depositItem, 'PAID');
  });
});
