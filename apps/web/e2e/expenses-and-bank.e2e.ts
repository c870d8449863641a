import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { londonDatePlus } from './support/dates.ts';
import { cardWith, expectText, expectToast, gbp, gone, hasHorizontalOverflow, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

/**
 * Issue 36 (docs/product.md, "Expenses", "Reconciliation", "Rules"): a receipt photographed and
 * filed on a phone; a statement that pays two invoices and carries a card payment a saved rule
 * turns into an expense, which the VAT return's box 4 then reclaims.
 */
const RECEIPT = readFileSync(new URL('./fixtures/receipt.png', import.meta.url));
const LONG = 150_000;

describe('journey: expenses and bank reconciliation', () => {
  const session = useBrowser(PHONE);

  test(
    'when a phone user photographs a receipt, types the total and picks the heading, then the expense is listed with its receipt',
    async () => {
      const { page } = session;
      const user = await registerUser(session.baseURL, 'expenses');
      await user.api.createCompany('Acme Plumbing Ltd');
      await signInWithToken(page, user.token, '/expenses');

      await visible(page.getByRole('heading', { level: 1, name: 'Expenses' }));
      await page.getByRole('button', { name: 'Add expense' }).click();
      await page.getByLabel('Take a photo of the receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT });
      await visible(page.getByText('Photo: receipt.png (tap to change)'));
      await page.getByLabel('Total paid (£)').fill('24.00');
      await page.getByLabel('Category').first().selectOption({ label: 'Cost of goods (materials)' });
      await page.getByRole('combobox', { name: /^VAT/ }).selectOption({ label: '20% VAT' });
      // 24.00 is £20 net and £4 VAT, shown as the user types.
      await visible(page.getByText(`Net ${gbp(20)} + VAT ${gbp(4)} to reclaim`));
      await page.getByLabel('Supplier').fill('Screwfix');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await expectAccessible(page, '/expenses form on a phone');
      await saveScreenshot(page, 'expense-form-phone');

      await page.getByRole('button', { name: 'Save expense' }).click();
      await expectToast(page, 'Expense saved');
      const card = cardWith(page, 'Screwfix');
      await expectText(card, gbp(24));
      await expectText(card, 'Cost of goods (materials)');
      await card.getByRole('button', { name: 'View receipt for Screwfix' }).click();
      const viewer = page.getByRole('dialog', { name: 'Receipt: Screwfix' });
      const img = viewer.getByRole('img', { name: 'Receipt' });
      await visible(img);
      expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(120);
    },
    LONG,
  );

  test(
    'when a statement pays two sent invoices and a saved rule meets its card payment, then both invoices are PAID and box 4 reclaims the VAT',
    async () => {
      const { page } = session;
      await page.setViewportSize(DESKTOP);
      const user = await registerUser(session.baseURL, 'bank');
      await user.api.call('POST', '/company', {
        name: 'Acme Plumbing Ltd',
        email: 'office@acme.example',
        vatNumber: 'GB123456789',
        quoteNumberPrefix: 'Q',
        invoiceNumberPrefix: 'INV',
      });
      const client = await user.api.createClient('Hilda Baker');
      const invoices: { id: string; number: string }[] = [];
      for (const price of [100, 200]) {
        const made = await user.api.createInvoice(client.id, [{ description: 'Boiler service', quantity: 1, unitPrice: price }]);
        await user.api.invoiceAction(made.id, 'send');
        const sent = await user.api.call<{ invoiceNumber: string }>('GET', `/invoices/${made.id}`);
        invoices.push({ id: made.id, number: sent.invoiceNumber });
      }

      // Before: nothing bought, box 4 is £0.00.
      await signInWithToken(page, user.token, '/reports');
      await expectText(page.getByTestId('vat-box4'), gbp(0));

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bank' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Bank' }));
      await page.getByRole('button', { name: 'Add bank account' }).click();
      const addDialog = page.getByRole('dialog', { name: 'Add a bank account' });
      await addDialog.getByLabel('Name').fill('Business current');
      await addDialog.getByRole('button', { name: 'Add bank account' }).click();
      await expectToast(page, 'Business current added');

      // The rule first: SCREWFIX is Materials at 20%.
      await page.getByRole('button', { name: 'Add rule' }).click();
      const ruleDialog = page.getByRole('dialog', { name: 'Save a rule' });
      await ruleDialog.getByLabel('Description contains').fill('SCREWFIX');
      await ruleDialog.getByLabel('Supplier').fill('Screwfix');
      await ruleDialog.getByLabel('Category').selectOption({ label: 'Cost of goods (materials)' });
      await ruleDialog.getByRole('combobox', { name: /^VAT/ }).selectOption({ label: '20% VAT' });
      await ruleDialog.getByRole('button', { name: 'Save rule' }).click();
      await expectToast(page, 'Rule SCREWFIX saved');
      await visible(cardWith(page, '“SCREWFIX”'));

      const [y, m, d] = londonDatePlus(0).split('-');
      const day = `${d}/${m}/${y}`;
      const csv = [
        'Date,Description,Amount,Balance',
        `${day},FASTER PAYMENT HILDA BAKER REF ${invoices[0]!.number},120.00,`,
        `${day},FASTER PAYMENT HILDA BAKER REF ${invoices[1]!.number},240.00,`,
        `${day},CARD PAYMENT TO SCREWFIX DIRECT,-24.00,`,
      ].join('\n');
      await page.getByRole('button', { name: 'Import statement' }).click();
      const importDialog = page.getByRole('dialog', { name: /Import a statement/ });
      await importDialog.getByLabel('Statement file (OFX or CSV)').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await importDialog.getByLabel('Bank (CSV layout)').selectOption({ label: 'Santander' });
      await importDialog.getByRole('button', { name: 'Import statement' }).click();
      await expectToast(page, '3 lines imported, 1 explained by your rules');

      // The card payment is done by the rule; the two payments in wait, each with its invoice suggested.
      const toExplain = page.getByRole('list', { name: 'Lines to explain' });
      await expect.poll(() => toExplain.locator(':scope > li').count()).toBe(2);
      await expectText(page.getByTestId('unexplained-badge'), '2 to explain');
      await expectText(page.getByRole('list', { name: 'Explained lines' }), 'Expense · by rule SCREWFIX');
      await expectAccessible(page, '/bank reconciliation');
      await saveScreenshot(page, 'reconciliation');
      await page.setViewportSize(PHONE);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await saveScreenshot(page, 'reconciliation-phone');
      await page.setViewportSize(DESKTOP);

      for (const inv of invoices) {
        // Each payment's own line: a client's name also suggests its other invoices the line could part-pay.
        const line = toExplain.locator(':scope > li').filter({ has: page.getByText(`FASTER PAYMENT HILDA BAKER REF ${inv.number}`, { exact: true }) });
        await line.getByRole('button', { name: new RegExp(`Match ${inv.number} `) }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm the match' });
        await confirm.getByRole('button', { name: `Record payment on ${inv.number}` }).click();
        await expectToast(page, `Payment recorded on ${inv.number}`);
        await gone(confirm);
      }
      await visible(page.getByText('Every line is explained.'));
      await gone(page.getByTestId('unexplained-badge'));
      for (const inv of invoices) expect((await user.api.call<{ status: string }>('GET', `/invoices/${inv.id}`)).status).toBe('PAID');

      // After: the rule's expense is £20 net and £4 VAT, reclaimed in box 4.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
      await expectText(page.getByTestId('vat-box4'), gbp(4));
      await expectText(page.getByTestId('vat-report'), `Box 7 (purchases excluding VAT) ${gbp(20)}`);
    },
    LONG,
  );
});
