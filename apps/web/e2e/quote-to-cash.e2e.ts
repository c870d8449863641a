import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { previewPdfType } from './support/pdf.ts';
import {
  cardWith,
  documentAction,
  escapeRegExp,
  openDocument,
  expectText,
  expectToast,
  expectUrl,
  gbp,
  saveScreenshot,
  signInWithToken,
  visible,
} from './support/ui.ts';

/** The four dashboard cards, read as label -> value. */
async function expectDashboard(page: Page, figures: Record<string, string>) {
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expectUrl(page, '/dashboard');
  for (const [label, value] of Object.entries(figures)) {
    const card = page
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .filter({ hasText: value });
    await visible(card.last());
    await expectText(card.last(), new RegExp(`^${escapeRegExp(label)} ${escapeRegExp(value)}$`));
  }
}

describe('journey 4: quote to cash', () => {
  const session = useBrowser();

  test('when a quote is created, sent, approved, previewed and converted, then the paid invoice and the dashboard agree', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey4');
    await user.api.createCompany();
    await user.api.createClient('Hannah Baker');
    await user.api.createItem('Boiler service', 'Annual gas boiler service', 85);
    await signInWithToken(page, user.token, '/quotes');

    await visible(page.getByText('No quotes found. Create your first quote to get started.'));
    await page.getByRole('button', { name: 'New Quote' }).click();
    const form = page.getByRole('form', { name: 'Create New Quote' });
    await visible(form);

    await form.getByLabel('Client').selectOption({ label: 'Hannah Baker' });
    const line1 = form.getByRole('listitem', { name: 'Item 1' });
    await line1.getByLabel('Catalogue item').selectOption({ label: `Boiler service (${gbp(85)})` });
    expect(await line1.getByLabel('Description').inputValue()).toBe('Annual gas boiler service');
    expect(await line1.getByLabel('Unit Price').inputValue()).toBe('85');
    await line1.getByLabel('Quantity').fill('2');

    await form.getByRole('button', { name: 'Add Item' }).click();
    const line2 = form.getByRole('listitem', { name: 'Item 2' });
    await line2.getByLabel('Description').fill('Replacement thermostatic valve');
    await line2.getByLabel('Unit Price').fill('42.50');

    // Live totals: 2 x 85 + 42.50 = 212.50; VAT 20 % = 42.50; total 255.00.
    const totals = form.getByTestId('document-totals');
    await expectText(totals, `Subtotal ${gbp(212.5)} Tax (20%) ${gbp(42.5)} Total ${gbp(255)}`);
    await form.getByLabel('Tax Rate (%)').fill('0');
    await expectText(totals, `Subtotal ${gbp(212.5)} Tax (0%) ${gbp(0)} Total ${gbp(212.5)}`);
    await form.getByLabel('Tax Rate (%)').fill('20');
    await expectText(totals, `Total ${gbp(255)}`);

    await expectAccessible(page, '/quotes with the form open');
    await saveScreenshot(page, 'quotes-form', { fullPage: true });

    await form.getByRole('button', { name: 'Create Quote' }).click();
    await expectToast(page, 'Quote created successfully');
    const quote = cardWith(page, 'Q0001', 'Mark as sent');
    await visible(quote);
    await expectText(quote, /Hannah Baker/);
    await expectText(quote, gbp(255));
    await expectText(quote, 'DRAFT');

    await openDocument(page, 'Q0001');
    await documentAction(page, 'Mark as sent');
    await expectToast(page, 'Quote sent successfully');
    await expectText(page.getByRole('main'), 'SENT');
    await documentAction(page, 'Mark accepted');
    await expectToast(page, 'Quote approved successfully');
    await expectText(page.getByRole('main'), 'APPROVED');
    await expectAccessible(page, '/quotes/:id approved');

    expect(await previewPdfType(page, page.getByRole('button', { name: 'Open PDF' }))).toBe('application/pdf');

    await documentAction(page, 'Create invoice');
    const invoiceDialog = page.getByRole('dialog', { name: 'Invoice quote Q0001' });
    await invoiceDialog.getByRole('radio', { name: /Full invoice/ }).check();
    await invoiceDialog.getByRole('button', { name: 'Create invoice' }).click();
    await expectUrl(page, /^\/invoices\/[0-9a-f-]+$/);
    // A draft is numbered when it is issued: until then it says Draft where the number goes.
    await visible(page.getByRole('heading', { level: 1, name: 'Draft' }));
    await expectText(page.getByRole('main'), /Hannah Baker/);
    await expectText(page.getByTestId('headline-amount'), gbp(255));
    await expectText(page.getByRole('main'), 'DRAFT');

    await documentAction(page, 'Mark as sent');
    await expectToast(page, 'Invoice sent successfully');
    await expectText(page.getByRole('main'), 'SENT');
    await visible(page.getByRole('heading', { level: 1, name: 'INV0001' }));
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await expectText(cardWith(page, 'INV0001'), 'SENT');
    await expectAccessible(page, '/invoices with a sent invoice');
    await saveScreenshot(page, 'invoices');

    await expectDashboard(page, {
      'Total Invoiced': gbp(255),
      Outstanding: gbp(255),
      'Active Quotes': '0',
      'Active Invoices': '1',
    });

    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await openDocument(page, 'INV0001');
    await documentAction(page, 'Mark as Paid');
    await expectToast(page, 'Invoice marked as paid');
    await expectText(page.getByRole('main'), 'PAID');

    await expectDashboard(page, {
      'Total Invoiced': gbp(255),
      Outstanding: gbp(0),
      'Active Quotes': '0',
      'Active Invoices': '0',
    });
    await visible(page.getByText('Q0001'));
    await visible(page.getByText('INV0001'));
    await expectAccessible(page, '/dashboard with documents');
    await saveScreenshot(page, 'dashboard');
  });
});
