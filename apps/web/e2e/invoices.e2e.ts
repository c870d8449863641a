import { describe, expect, test } from 'vitest';
import { MSG } from '@docket/schemas/messages';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { londonDatePlus } from './support/dates.ts';
import { cardWith, confirmDelete, documentAction, expectText, openDocument, expectToast, gbp, gone, signInWithToken, visible } from './support/ui.ts';

describe('journey 5: invoices directly', () => {
  const session = useBrowser();

  test('when an invoice is created from an empty form, edited and deleted, then messages, due date and totals follow', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey5');
    await user.api.createClient('Oakwood Joinery');
    await signInWithToken(page, user.token, '/invoices');

    await visible(page.getByRole('heading', { name: 'Invoices', exact: true }));
    await visible(page.getByText('Manage your invoices and payments'));
    await visible(page.getByText('No invoices found. Create your first invoice to get started.'));
    await expectAccessible(page, '/invoices (empty)');

    await page.getByRole('button', { name: 'New Invoice' }).click();
    const form = page.getByRole('form', { name: 'Create New Invoice' });
    await visible(form);
    expect(await form.getByLabel('Due Date').inputValue()).toBe(londonDatePlus(30));
    expect(await form.getByLabel('Tax Rate (%)').inputValue()).toBe('20');

    await form.getByLabel('Due Date').fill('');
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await visible(form.getByText(MSG.clientRequired));
    await visible(form.getByText(MSG.descriptionRequired));
    await visible(form.getByText(MSG.dueDateRequired));
    await expectAccessible(page, '/invoices form with errors');

    await form.getByLabel('Client').selectOption({ label: 'Oakwood Joinery' });
    await form.getByLabel('Due Date').fill(londonDatePlus(14));
    const line = form.getByRole('listitem', { name: 'Item 1' });
    await line.getByLabel('Description').fill('Emergency call-out');
    await line.getByLabel('Unit Price').fill('120');
    await expectText(form.getByTestId('document-totals'), `Subtotal ${gbp(120)} Tax (20%) ${gbp(24)} Total ${gbp(144)}`);
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await expectToast(page, 'Invoice created successfully');
    await gone(form);
    // A new invoice is a draft: numbered when issued, it says Draft where the number goes.
    const card = cardWith(page, 'Draft');
    await expectText(card, `Amount due ${gbp(144)}`);
    await expectText(card, 'Oakwood Joinery');

    await openDocument(page, 'Draft');
    await documentAction(page, 'Edit');
    const edit = page.getByRole('form', { name: 'Edit Draft' });
    await visible(edit);
    expect(await edit.getByLabel('Due Date').inputValue()).toBe(londonDatePlus(14));
    expect(await edit.getByLabel('Description').inputValue()).toBe('Emergency call-out');
    await edit.getByLabel('Quantity').fill('2');
    await expectText(edit.getByTestId('document-totals'), `Total ${gbp(288)}`);
    await edit.getByRole('button', { name: 'Update Invoice' }).click();
    await expectToast(page, 'Invoice updated successfully');
    await gone(edit);
    await expectText(page.getByTestId('headline-amount'), gbp(288));

    await page.getByRole('button', { name: 'More actions' }).click();
    const question = await confirmDelete(page, page.getByRole('menuitem', { name: 'Delete' }));
    expect(question).toContain('Are you sure you want to delete this invoice?');
    await expectToast(page, 'Invoice deleted successfully');
    await visible(page.getByText('No invoices found. Create your first invoice to get started.'));
  });
});
