import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, DESKTOP, PHONE } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { startApp } from './support/server.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { expectText, hasHorizontalOverflow, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STRIPE_KEY = 'sk_test_journey_000000005151';
const STRIPE_WHSEC = 'whsec_journey_0000000000002';

describe('journey: everything owed paid from the statement link', () => {
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

  test('when the business shares a statement link for two unpaid invoices and the client pays everything on a phone, then the page says paid and both invoices are PAID', async () => {
    const user = await registerUser(app.baseURL, 'statement');
    await user.api.call('POST', '/company', {
      name: 'Riverside Plumbing',
      email: 'office@riverside.example',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
      bankDetails: { bankName: 'Lloyds', accountName: 'Riverside Plumbing Ltd', accountNumber: '87654321', sortCode: '30-40-50' },
    });
    const client = await user.api.createClient('Greenway Lettings', 'accounts@greenway.example');
    // Two invoices issued (numbered when issued): £120.00 and £180.00 with VAT.
    const issued = async (description: string, unitPrice: number) => {
      const draft = await user.api.createInvoice(client.id, [{ description, quantity: 1, unitPrice }]);
      await user.api.invoiceAction(draft.id, 'send');
      return user.api.call<{ id: string; invoiceNumber: string }>('GET', `/invoices/${draft.id}`);
    };
    const first = await issued('Boiler service', 100);
    const second = await issued('Replace kitchen tap', 150);
    const saved = await user.api.call<{ webhookUrl: string }>('PUT', '/company/payments/stripe', { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WHSEC });
    await fetch(`${fake.control}/_control/webhook`, { method: 'POST', body: JSON.stringify({ url: saved.webhookUrl, secret: STRIPE_WHSEC }) });

    // The business makes the statement link on the client's page.
    const office = await browser.newContext({ baseURL: app.baseURL, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London' });
    office.setDefaultTimeout(15_000);
    const desk = await office.newPage();
    await signInWithToken(desk, user.token, `/clients/${client.id}`);
    await desk.getByRole('button', { name: 'Share statement link' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Share statement link' });
    await expectText(dialog, 'A new link replaces any statement link made before.');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const urlBox = dialog.getByLabel('Link for your client');
    await visible(urlBox);
    const url = await urlBox.inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await expectAccessible(desk, '/clients/:id with the statement link dialog');
    await saveScreenshot(desk, 'statement-link-dialog');
    await desk.keyboard.press('Escape');

    // The statement page on a desktop, as the client sees it before paying.
    const look = await office.newPage();
    await look.goto(url);
    await visible(look.getByRole('heading', { name: 'Statement from Riverside Plumbing' }));
    await expectText(look.getByTestId('statement-total'), '£300.00');
    await saveScreenshot(look, 'statement-page');
    await look.close();

    // The client, on a phone, pays everything.
    const phone = await browser.newContext({ baseURL: app.baseURL, viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London', hasTouch: true });
    phone.setDefaultTimeout(15_000);
    const page = await phone.newPage();
    await page.goto(url);
    await visible(page.getByRole('heading', { name: 'Statement from Riverside Plumbing' }));
    const rows = page.getByRole('row');
    await expectText(rows.filter({ hasText: first.invoiceNumber }), '£120.00');
    await expectText(rows.filter({ hasText: second.invoiceNumber }), '£180.00');
    await expectText(page.getByTestId('statement-total'), '£300.00');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page, '/s/:token with two invoices owed');
    await saveScreenshot(page, 'statement-phone');
    await page.getByRole('button', { name: 'Pay £300.00 now' }).click();
    await page.waitForURL((u) => u.toString().startsWith(fake.base));
    await expectText(page.locator('body'), 'Pay £300.00');
    await page.getByRole('button', { name: 'Succeed' }).click();
    await page.waitForURL(/\/s\/[^?]+\?payment=success$/);
    await expectText(page.getByRole('status', { name: 'Payment received' }), 'Payment received, thank you');
    await visible(page.getByText('Nothing is owed. Thank you.'), 30_000);
    await expect.poll(() => page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
    await expect.poll(() => page.getByText('Your payment is being confirmed').count()).toBe(0);
    await expectAccessible(page, '/s/:token after paying everything');
    await saveScreenshot(page, 'statement-paid-phone');

    // The business sees both invoices PAID on the client's page, and one receipt in the outbox.
    await desk.goto(`${app.baseURL}/clients/${client.id}`);
    for (const inv of [first, second]) {
      const item = desk.getByRole('listitem').filter({ has: desk.getByRole('link', { name: inv.invoiceNumber, exact: true }) });
      await expectText(item, 'PAID');
    }
    await saveScreenshot(desk, 'statement-paid-client-page');
    for (const inv of [first, second]) {
      const paid = await user.api.call<{ status: string; payments: Array<{ method: string; amount: number }> }>('GET', `/invoices/${inv.id}`);
      expect(paid.status).toBe('PAID');
      expect(paid.payments).toEqual([expect.objectContaining({ method: 'CARD' })]);
    }
    const outbox = await user.api.call<Array<{ kind: string; subject: string; to: string[]; textBody: string }>>('GET', '/email/outbox');
    const receipts = outbox.filter((m) => m.kind === 'receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ subject: 'Payment received for 2 invoices', to: ['accounts@greenway.example'] });
    expect(receipts[0]!.textBody).toContain(`Invoice ${first.invoiceNumber}: £120.00`);
    expect(receipts[0]!.textBody).toContain(`Invoice ${second.invoiceNumber}: £180.00`);
  });
});
