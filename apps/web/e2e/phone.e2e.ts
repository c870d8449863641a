import { describe, expect, test } from 'vitest';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { expectUrl, gone, hasHorizontalOverflow, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey 9: phone (390x844)', () => {
  const session = useBrowser(PHONE);

  test('when a phone user opens the slide-in menu, then it navigates and closes, and the quote form and invoice list fit the width', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey9');
    const client = await user.api.createClient('Bright Sparks Electrical Contractors Ltd');
    // Issued, so they carry their numbers (a draft has none until it is issued).
    for (const [description, unitPrice] of [
      ['Full rewire of a three-bedroom semi-detached house', 4850],
      ['Consumer unit upgrade', 620],
    ] as const) {
      const made = await user.api.createInvoice(client.id, [{ description, quantity: 1, unitPrice }]);
      await user.api.invoiceAction(made.id, 'send');
    }
    await signInWithToken(page, user.token, '/dashboard');

    await visible(page.getByRole('heading', { name: 'Dashboard' }));
    // No fixed sidebar on a phone: the navigation sits behind the menu button.
    expect(await page.getByRole('link', { name: 'Quotes' }).isVisible()).toBe(false);
    expect(await hasHorizontalOverflow(page)).toBe(false);

    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await visible(menu);
    await visible(menu.getByText(user.email));
    await visible(menu.getByRole('button', { name: 'Sign Out' }));
    await expectAccessible(page, 'phone menu');
    await saveScreenshot(page, 'phone-menu');

    await menu.getByRole('button', { name: 'Close menu' }).click();
    await gone(menu);

    await openMenu.click();
    await visible(menu);
    await menu.getByRole('link', { name: 'Quotes' }).click();
    await gone(menu);
    await expectUrl(page, '/quotes');

    await page.getByRole('button', { name: 'New Quote' }).click();
    const form = page.getByRole('form', { name: 'Create New Quote' });
    await visible(form);
    await form.getByRole('button', { name: 'Add Item' }).click();
    await visible(form.getByRole('listitem', { name: 'Item 2' }));
    await form.getByLabel('Client').selectOption({ label: 'Bright Sparks Electrical Contractors Ltd' });
    expect(await hasHorizontalOverflow(page), 'quote form scrolls sideways').toBe(false);
    await expectAccessible(page, 'phone quote form');
    await saveScreenshot(page, 'phone-quote-form', { fullPage: true });

    await openMenu.click();
    await menu.getByRole('link', { name: 'Invoices' }).click();
    await gone(menu);
    await expectUrl(page, '/invoices');
    await visible(page.getByRole('heading', { name: 'INV0002' }));
    expect(await hasHorizontalOverflow(page), 'invoice list scrolls sideways').toBe(false);
    await expectAccessible(page, 'phone invoice list');
    await saveScreenshot(page, 'phone-invoices', { fullPage: true });
  });
});
