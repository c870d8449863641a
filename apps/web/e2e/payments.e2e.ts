import { describe, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { cardWith, documentAction, expectText, expectToast, openDocument, gbp, gone, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey: getting paid', () => {
  const session = useBrowser();

  test('when a part payment is recorded and removed and the rest paid, then PAID; the client page and aged debtors show what is owed', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'payments');
    await user.api.createCompany();
    const client = await user.api.createClient('Hillside Builders');
    const paid = await user.api.createInvoice(client.id, [{ description: 'Rewire', quantity: 1, unitPrice: 100 }], 0);
    const owed = await user.api.createInvoice(client.id, [{ description: 'Lights', quantity: 1, unitPrice: 50 }], 0);
    await user.api.invoiceAction(paid.id, 'send');
    await user.api.invoiceAction(owed.id, 'send');
    await signInWithToken(page, user.token, '/invoices');

    // A part payment from the row's one action: amount prefilled with the balance, changed to £40.
    await cardWith(page, 'INV0001').getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment on INV0001' });
    await visible(dialog);
    await dialog.getByLabel('Amount (£) *').fill('40');
    await dialog.getByLabel('Method').selectOption('CASH');
    await dialog.getByLabel('Reference').fill('Doorstep');
    await expectAccessible(page, '/invoices record payment dialog');
    await saveScreenshot(page, 'record-payment-dialog');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment recorded');
    await gone(dialog);
    const card = cardWith(page, 'INV0001');
    await expectText(card, 'Part paid');
    await expectText(card, `Amount due ${gbp(60)}`);
    await openDocument(page, 'INV0001');
    const payments = page.getByRole('list', { name: 'Payments on INV0001' });
    await expectText(payments, 'Doorstep');
    await saveScreenshot(page, 'part-paid-card', { fullPage: true });

    // Remove it (with a confirmation): the balance goes back up.
    await payments.getByRole('button', { name: /Remove payment of £40.00/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, remove it' }).click();
    await expectToast(page, 'Payment removed');
    await expectText(page.getByTestId('headline-amount'), gbp(100));
    await gone(payments);

    // Pay the rest with the prefilled balance: PAID.
    await documentAction(page, 'Record payment');
    const again = page.getByRole('dialog', { name: 'Record payment on INV0001' });
    await visible(again);
    await again.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment recorded');
    await expectText(page.getByRole('main'), 'PAID');
    await expectText(page.getByTestId('document-figures'), 'Paid in full');

    // The client page: balance is what INV0002 still owes; the payment is listed.
    await page.goto(`${session.baseURL}/clients`);
    await page.getByRole('link', { name: 'Hillside Builders' }).click();
    await visible(page.getByRole('heading', { name: 'Hillside Builders' }));
    await expectText(page.getByTestId('client-balance'), gbp(50));
    await visible(page.getByRole('button', { name: 'Download statement' }));
    await expectAccessible(page, '/clients/:id');
    await saveScreenshot(page, 'client-page');

    // Aged debtors from the navigation: one row, linking back to the client.
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).first().click();
    const table = page.getByRole('table');
    await visible(table);
    await expectText(table.getByRole('row', { name: /Hillside Builders/ }), gbp(50));
    await expectText(table.getByRole('row', { name: /Totals/ }), gbp(50));
    await expectAccessible(page, '/reports');
    await saveScreenshot(page, 'aged-debtors');
    await table.getByRole('link', { name: 'Hillside Builders' }).click();
    await visible(page.getByRole('heading', { name: 'Hillside Builders' }));
  });
});
