import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { cardWith, documentAction, expectText, openDocument, expectToast, gbp, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey: from quote to cash in stages', () => {
  const session = useBrowser();

  test('when a 30% deposit is invoiced and paid and the final raised, then the quote is fully invoiced; a monthly recurring invoice issues its first one', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'stages');
    await user.api.createCompany();
    const client = await user.api.createClient('Kitchen Owners');
    const quote = await user.api.createQuote(client.id, [{ description: 'Kitchen refit', quantity: 1, unitPrice: 12000 }], 20);
    await user.api.quoteAction(quote.id, 'send');
    await user.api.quoteAction(quote.id, 'approve');
    await signInWithToken(page, user.token, '/quotes');

    // The quote's page: Create invoice → a 30% deposit, which opens the deposit's page.
    await openDocument(page, quote.quoteNumber);
    await documentAction(page, 'Create invoice');
    const dialog = page.getByRole('dialog', { name: `Invoice quote ${quote.quoteNumber}` });
    await visible(dialog);
    await dialog.getByRole('spinbutton', { name: 'Percent' }).fill('30');
    await expectAccessible(page, '/quotes/:id invoice dialog');
    await saveScreenshot(page, 'invoice-quote-dialog');
    await dialog.getByRole('button', { name: 'Create invoice' }).click();
    // A draft is numbered when it is issued (docs/product.md, "Document numbers").
    await expectToast(page, `Draft invoice created from ${quote.quoteNumber}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Draft' }));
    await expectText(page.getByTestId('headline-amount'), gbp(4320));

    // Issue it and record its payment.
    await documentAction(page, 'Mark as sent');
    await expectToast(page, 'Invoice sent successfully');
    await visible(page.getByRole('heading', { level: 1, name: 'INV0001' }));
    await documentAction(page, 'Record payment');
    const pay = page.getByRole('dialog', { name: 'Record payment on INV0001' });
    await visible(pay);
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment recorded');
    await expectText(page.getByRole('main'), 'PAID');

    // The quote counts it; the final invoice takes what is left, deducting the deposit.
    await page.getByRole('navigation').getByRole('link', { name: 'Quotes' }).first().click();
    await expectText(cardWith(page, quote.quoteNumber), `Invoiced ${gbp(4320)}`);
    await openDocument(page, quote.quoteNumber);
    await expectText(page.getByRole('main'), `Invoiced ${gbp(4320)} of`);
    await documentAction(page, 'Invoice the rest');
    await visible(dialog);
    await dialog.getByRole('radio', { name: /Final invoice/ }).check();
    await dialog.getByRole('button', { name: 'Create invoice' }).click();
    await expectToast(page, `Draft invoice created from ${quote.quoteNumber}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Draft' }));
    await expectText(page.getByTestId('headline-amount'), gbp(10080));
    // the deduction line reads as a deduction
    await expectText(page.getByRole('list', { name: 'Lines' }), /Less deposit INV0001, VAT £720\.00\s*Deduction/);
    const final = (
      await user.api.call<{ id: string; invoiceNumber: string | null; lineItems: { description: string; unitPrice: number }[] }[]>('GET', '/invoices')
    ).find((i) => i.invoiceNumber === null)!;
    expect(final.lineItems.map((l) => [l.description, l.unitPrice])).toEqual([
      ['Kitchen refit', 12000],
      ['Less deposit INV0001, VAT £720.00', -3600],
    ]);
    await saveScreenshot(page, 'final-invoice', { fullPage: true });

    // Fully invoiced: no more Create invoice, both invoices linked from the quote's page.
    await page.getByRole('navigation').getByRole('link', { name: 'Quotes' }).first().click();
    await openDocument(page, quote.quoteNumber);
    await expectText(page.getByRole('main'), `Invoiced ${gbp(14400)} of`);
    // The final is still a draft: linked as Draft until it is issued.
    await visible(page.getByRole('link', { name: 'Draft' }));
    await visible(page.getByRole('link', { name: 'INV0001' }));
    expect(await page.getByRole('button', { name: /Create invoice|Invoice the rest/ }).count()).toBe(0);
    await saveScreenshot(page, 'quote-fully-invoiced', { fullPage: true });

    // A monthly recurring invoice starting today issues its first invoice at once.
    await page.getByRole('navigation').getByRole('link', { name: 'Recurring' }).first().click();
    await page.getByRole('button', { name: 'New Recurring Invoice' }).click();
    const form = page.getByRole('form', { name: 'Create Recurring Invoice' });
    await visible(form);
    await form.getByLabel(/Client/).selectOption(client.id);
    await form.getByLabel(/^Description/).fill('Landlord gas safety check');
    await form.getByLabel(/^Unit Price/).fill('80');
    await expectAccessible(page, '/recurring form');
    await form.getByRole('button', { name: 'Create Recurring Invoice' }).click();
    await expectToast(page, 'Recurring invoice created');
    const schedule = page.getByRole('listitem').filter({ hasText: 'Kitchen Owners: Monthly' });
    await expectText(schedule, '1 issued');
    // Not sent automatically: the invoice it made waits as a draft, numbered when it is sent.
    await visible(schedule.getByRole('link', { name: 'Draft' }));
    await saveScreenshot(page, 'recurring-list');
  });
});
