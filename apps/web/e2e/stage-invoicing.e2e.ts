import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { cardWith, expectText, expectToast, gbp, gone, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

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

    // Invoice… → a 30% deposit.
    await cardWith(page, quote.quoteNumber, 'Invoice…').getByRole('button', { name: 'Invoice…' }).click();
    const dialog = page.getByRole('dialog', { name: `Invoice quote ${quote.quoteNumber}` });
    await visible(dialog);
    await dialog.getByRole('spinbutton', { name: 'Percent' }).fill('30');
    await expectAccessible(page, '/quotes invoice dialog');
    await saveScreenshot(page, 'invoice-quote-dialog');
    await dialog.getByRole('button', { name: 'Create invoice' }).click();
    await expectToast(page, `Invoice INV0001 created from ${quote.quoteNumber}`);
    await expectText(cardWith(page, 'INV0001'), gbp(4320));

    // Issue it and record its payment.
    await cardWith(page, 'INV0001').getByRole('button', { name: 'Mark as sent' }).click();
    await expectToast(page, 'Invoice sent successfully');
    await cardWith(page, 'INV0001', 'Record payment').getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Record payment on INV0001' });
    await visible(pay);
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment recorded');
    await expectText(cardWith(page, 'INV0001', 'Duplicate'), 'PAID');

    // The quote counts it; the final invoice takes what is left, deducting the deposit.
    await page.getByRole('navigation').getByRole('link', { name: 'Quotes' }).first().click();
    const quoteCard = cardWith(page, quote.quoteNumber, 'Invoice…');
    await expectText(quoteCard, `Invoiced ${gbp(4320)} of ${gbp(14400)}`);
    await quoteCard.getByRole('button', { name: 'Invoice…' }).click();
    await visible(dialog);
    await dialog.getByRole('radio', { name: /Final invoice/ }).check();
    await dialog.getByRole('button', { name: 'Create invoice' }).click();
    await expectToast(page, `Invoice INV0002 created from ${quote.quoteNumber}`);
    await expectText(cardWith(page, 'INV0002'), gbp(10080));
    const final = (await user.api.call<{ id: string; invoiceNumber: string; lineItems: { description: string; unitPrice: number }[] }[]>('GET', '/invoices')).find((i) => i.invoiceNumber === 'INV0002')!;
    expect(final.lineItems.map((l) => [l.description, l.unitPrice])).toEqual([
      ['Kitchen refit', 12000],
      ['Less deposit INV0001, VAT £720.00', -3600],
    ]);
    await saveScreenshot(page, 'final-invoice');

    // Fully invoiced: no more Invoice…, both invoices linked.
    await page.getByRole('navigation').getByRole('link', { name: 'Quotes' }).first().click();
    const done = cardWith(page, quote.quoteNumber, 'Duplicate');
    await expectText(done, `Invoiced ${gbp(14400)} of ${gbp(14400)}`);
    await visible(done.getByRole('link', { name: 'INV0002' }));
    await gone(done.getByRole('button', { name: 'Invoice…' }));
    // The wide screen's one-line row shows the amounts whole, not cut off.
    const line = done.locator('p[title^="Invoiced"]');
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await saveScreenshot(page, 'quote-fully-invoiced');

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
    await visible(schedule.getByRole('link', { name: 'INV0003' }));
    await saveScreenshot(page, 'recurring-list');
  });
});
