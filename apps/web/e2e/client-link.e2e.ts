import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser, type NewUser } from './support/api.ts';
import {
  cardWith,
  documentAction,
  expectText,
  gbp,
  gone,
  hasHorizontalOverflow,
  openDocument,
  saveScreenshot,
  signInWithToken,
  visible,
} from './support/ui.ts';

const BANK = { bankName: 'Barclays', accountName: 'Acme Plumbing Ltd', accountNumber: '12345678', sortCode: '12-34-56' };

async function companyWithBank(user: NewUser, name = 'Acme Plumbing Ltd') {
  await user.api.call('POST', '/company', {
    name,
    email: 'office@acme-plumbing.example',
    quoteNumberPrefix: 'Q',
    invoiceNumberPrefix: 'INV',
    terms: 'Work starts within two weeks of acceptance.',
    bankDetails: BANK,
  });
}

/** A second browser context with no session at phone size: the customer. */
async function customerPhone(session: { context: BrowserContext; baseURL: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await session.context
    .browser()!
    .newContext({ baseURL: session.baseURL, viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London', hasTouch: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  page.on('pageerror', (err) => process.stderr.write(`[customer browser error] ${err.message}\n`));
  return { context, page };
}

/** The text of a PDF as pdftotext reads it. */
async function pdfText(user: NewUser, apiPath: string): Promise<{ text: string; raw: string }> {
  const res = await fetch(`${user.api.baseURL}/api${apiPath}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'docket-pdf-')), 'doc.pdf');
  writeFileSync(file, bytes);
  return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), raw: bytes.toString('latin1') };
}

describe('journey: the client link', () => {
  const session = useBrowser();

  test('when the business shares a quote, then the customer on a phone signs and accepts, and the business sees it APPROVED with the signature', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'share');
    await companyWithBank(user);
    const client = await user.api.createClient('Hillside Builders');
    await user.api.createQuote(client.id, [{ description: 'Replace boiler', quantity: 1, unitPrice: 1500 }], 20);

    // The business: Share link on the draft's card issues it and makes the link.
    await signInWithToken(page, user.token, '/quotes');
    await openDocument(page, 'Q0001');
    await documentAction(page, 'Share link');
    const dialog = page.getByRole('dialog', { name: 'Share Q0001' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const urlBox = dialog.getByLabel('Link for your customer');
    await visible(urlBox);
    const url = await urlBox.inputValue();
    expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, '/quotes share link dialog');
    await saveScreenshot(page, 'share-link-dialog');
    await page.keyboard.press('Escape');
    await expectText(page.getByRole('main'), 'SENT');

    // The customer: no session, phone size.
    const customer = await customerPhone(session);
    try {
      const c = customer.page;
      const response = await c.goto(url);
      expect(response?.headers()['x-robots-tag']).toContain('noindex');
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await visible(c.getByRole('heading', { name: 'Quote Q0001' }));
      await expectText(c.locator('main'), 'Replace boiler');
      await expectText(c.locator('main'), gbp(1800));
      await expectText(c.locator('main'), 'VAT at 20%');
      expect(await hasHorizontalOverflow(c)).toBe(false);
      // Only the client page's own bundle: none of the signed-in app's code.
      const scripts = await c.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => n.endsWith('.js')),
      );
      expect(scripts.some((s) => /\/assets\/(main|shell|dashboard|quotes|invoices)-/.test(s))).toBe(false);
      await expectAccessible(c, '/p/:token quote');
      await saveScreenshot(c, 'client-link-quote-phone', { fullPage: true });

      await c.getByRole('button', { name: 'Accept and sign' }).click();
      await c.getByRole('button', { name: 'Accept quote' }).click();
      await expectText(c.locator('form'), 'Name is required');
      await expectText(c.locator('form'), 'Please accept the terms');
      await c.getByLabel('Your full name').fill('Pat Customer');
      // After the first submit each field is checked as it changes: a fixed field's message goes at once.
      await gone(c.getByText('Name is required'));
      await expectText(c.locator('form'), 'Please accept the terms');
      const pad = c.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await c.mouse.move(box.x + 20, box.y + box.height / 2);
      await c.mouse.down();
      for (let i = 1; i <= 10; i++) await c.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -20 : 20));
      await c.mouse.up();
      await c.getByLabel('I accept this quote and its terms and conditions').check();
      await gone(c.getByText('Please accept the terms'));
      await expectAccessible(c, '/p/:token accept form');
      await saveScreenshot(c, 'client-link-accept-form', { fullPage: true });
      await c.getByRole('button', { name: 'Accept quote' }).click();
      const accepted = c.getByRole('status', { name: 'Quote accepted' });
      await visible(accepted);
      await expectText(accepted, 'Accepted by Pat Customer');
      await visible(accepted.getByRole('img', { name: 'Signature of Pat Customer' }));
      await expectAccessible(c, '/p/:token accepted');
      await saveScreenshot(c, 'client-link-accepted', { fullPage: true });
    } finally {
      await customer.context.close();
    }

    // The business: the bell, the notification, the quote APPROVED with the acceptance.
    await page.reload();
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await visible(bell);
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expectText(panel, 'Accepted by Pat Customer');
    await expectText(panel, 'was viewed');
    await expectAccessible(page, '/quotes notifications');
    await saveScreenshot(page, 'notifications-bell');
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
    await page.keyboard.press('Escape');
    await page.goto('/quotes');
    await openDocument(page, 'Q0001');
    const card = page.getByRole('main');
    await expectText(card, 'APPROVED');
    await expectText(card.getByTestId('quote-acceptance'), 'Accepted by Pat Customer');
    await visible(card.getByRole('img', { name: 'Signature of Pat Customer' }));

    const quotes = await user.api.call<{ id: string }[]>('GET', '/quotes');
    const { text, raw } = await pdfText(user, `/quotes/${quotes[0]!.id}/preview`);
    expect(text).toMatch(/Accepted by Pat Customer on \d{1,2} \w+ \d{4}/);
    expect(raw).toMatch(/\/Subtype\s*\/Image/);
  });

  test('when the customer declines with a reason, then the quote is DECLINED and the business reads the reason', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'decline');
    await companyWithBank(user);
    const client = await user.api.createClient('Riverside Cafe');
    const quote = await user.api.createQuote(client.id, [{ description: 'Rewire kitchen', quantity: 1, unitPrice: 800 }], 20);
    const { url } = await user.api.call<{ url: string }>('POST', `/quotes/${quote.id}/share`);

    const customer = await customerPhone(session);
    try {
      const c = customer.page;
      await c.goto(url);
      await c.getByRole('button', { name: 'Decline' }).click();
      await c.getByLabel('Reason (optional)').fill('Found someone closer');
      await expectAccessible(c, '/p/:token decline form');
      await c.getByRole('button', { name: 'Decline quote' }).click();
      await expectText(c.getByRole('status', { name: 'Quote declined' }), 'This quote has been declined.');
      await expect.poll(() => c.getByRole('button', { name: 'Accept and sign' }).count()).toBe(0);
    } finally {
      await customer.context.close();
    }

    await signInWithToken(page, user.token, '/quotes');
    await expectText(cardWith(page, 'Q0001', 'Preview PDF'), 'DECLINED');
    await page.getByRole('button', { name: /^Notifications, 2 unread$/ }).click();
    await expectText(page.getByRole('region', { name: 'Notifications' }), 'Found someone closer');
  });

  test('when an invoice link is opened, then the balance, bank details and reference show, and hostile text stays text', async () => {
    const user = await registerUser(session.baseURL, 'invlink');
    await companyWithBank(user, 'Acme <b>Plumbing</b>');
    const hostile = '<img src=x onerror="window.__xss=1">';
    const client = await user.api.createClient(`${hostile} Ltd`, 'accounts@hostile.example');
    const invoice = await user.api.createInvoice(
      client.id,
      [{ description: `<script>window.__xss=2</script> Boiler service`, quantity: 1, unitPrice: 100 }],
      20,
    );
    const { url } = await user.api.call<{ url: string }>('POST', `/invoices/${invoice.id}/share`);
    // Sharing the draft issued it, and issuing gave it its number.
    const { invoiceNumber } = await user.api.call<{ invoiceNumber: string }>('GET', `/invoices/${invoice.id}`);

    const customer = await customerPhone(session);
    try {
      const c = customer.page;
      await c.goto(url);
      await visible(c.getByRole('heading', { name: `Invoice ${invoiceNumber}` }));
      const pay = c.getByRole('region', { name: 'How to pay' });
      await expectText(pay.getByTestId('balance-due'), gbp(120));
      await expectText(pay, '12-34-56');
      await expectText(pay, '12345678');
      await expectText(pay, invoiceNumber);
      // Every hostile field renders as its own text; nothing ran.
      await visible(c.getByText(`${hostile} Ltd`));
      await visible(c.getByText('<script>window.__xss=2</script> Boiler service'));
      await visible(c.getByText('Acme <b>Plumbing</b>'));
      expect(await c.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await c.locator('main img[src="x"], main script').count()).toBe(0);
      await expectAccessible(c, '/p/:token invoice');
      await saveScreenshot(c, 'client-link-invoice-phone', { fullPage: true });

      // A revoked link: the clear expired state.
      await user.api.call('DELETE', `/invoices/${invoice.id}/share`);
      await c.reload();
      await visible(c.getByRole('heading', { name: 'This link is no longer valid' }));
      await expectAccessible(c, '/p/:token invalid');
    } finally {
      await customer.context.close();
    }
  });
});
