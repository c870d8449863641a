import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { documentAction, expectText, expectToast, openDocument, rowOf, gbp, gone, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey: issued invoices are records', () => {
  const session = useBrowser();

  test('when an invoice is sent, its lines cannot be edited; half of it is credited, another is voided; both show in lists and history', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'records');
    await user.api.createCompany();
    const client = await user.api.createClient('Oakwood Joinery');
    const lines = [{ description: 'Boiler service', quantity: 2, unitPrice: 100 }];
    const drafts = [await user.api.createInvoice(client.id, lines), await user.api.createInvoice(client.id, lines)];
    await signInWithToken(page, user.token, '/invoices');

    // Numbered as they are issued: each draft says Draft until Mark as sent gives it its number.
    for (const [i, draft] of drafts.entries()) {
      await page.goto(`/invoices/${draft.id}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Draft' }));
      await documentAction(page, 'Mark as sent');
      await expectToast(page, 'Invoice sent successfully');
      await visible(page.getByRole('heading', { level: 1, name: `INV000${i + 1}` }));
    }

    // Issued: no delete, no line edits; Change due date edits the due date alone.
    await page.goto('/invoices');
    await openDocument(page, 'INV0001');
    await expectText(page.getByRole('main'), 'SENT');
    await page.getByRole('main').getByRole('button', { name: 'More actions' }).click();
    expect(await page.getByRole('menuitem', { name: /^(Delete|Edit)$/ }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Change due date' }).click();
    const due = page.getByRole('dialog', { name: 'Change due date of INV0001' });
    await due.getByLabel('Due date').fill('2031-02-28');
    await due.getByRole('button', { name: 'Save due date' }).click();
    await expectToast(page, 'Due date changed');
    await expectText(page.getByRole('main'), 'Due 28/02/2031');
    await expectText(page.getByTestId('headline-amount'), gbp(240));

    // Credit half: one of the two services, VAT at the invoice's rate, totals live in the dialog.
    await documentAction(page, 'Issue credit note');
    const dialog = page.getByRole('dialog', { name: 'Credit note for INV0001' });
    await visible(dialog);
    await dialog.getByLabel('Chosen lines').check();
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByLabel('Quantity to credit for Boiler service').fill('1');
    await expectText(dialog.getByLabel('Credit note totals'), `Credit total ${gbp(120)}`);
    await expectAccessible(page, '/invoices/:id credit note dialog');
    await saveScreenshot(page, 'credit-note-dialog');
    await dialog.getByLabel('Reason *').fill('One service not carried out');
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await expectToast(page, 'Credit note CN0001 created');
    await gone(dialog);
    await expectText(page.getByTestId('headline-amount'), gbp(120));
    await expectText(page.getByTestId('document-figures'), `Credit note CN0001 −${gbp(120)}`);
    await visible(page.getByRole('link', { name: 'CN0001' }));
    // credited: no longer voidable
    await page.getByRole('main').getByRole('button', { name: 'More actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Void invoice' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const timeline = page.getByRole('list', { name: 'History of INV0001' });
    await expectText(timeline, /Created.*Sent.*Credited.*Credit note CN0001 for £120\.00: One service not carried out/s);

    // Void the other one: a reason, then a confirmation.
    await page.goto('/invoices');
    await openDocument(page, 'INV0002');
    await documentAction(page, 'Void invoice');
    const voidDialog = page.getByRole('dialog', { name: 'Void invoice INV0002' });
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await visible(voidDialog.getByText('Reason is required'));
    await voidDialog.getByLabel('Reason *').fill('Raised against the wrong job');
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, void it' }).click();
    await expectToast(page, 'Invoice INV0002 voided');
    await expectText(page.getByRole('main'), 'VOID');
    await expectText(page.getByRole('main'), 'Void: Raised against the wrong job');
    await expectText(page.getByRole('list', { name: 'History of INV0002' }), /Voided.*Raised against the wrong job/s);
    // A void invoice offers Duplicate and nothing else: no menu at all.
    await visible(page.getByRole('main').getByRole('button', { name: 'Duplicate' }));
    expect(
      await page
        .getByRole('main')
        .getByRole('button', { name: /Edit|Delete|Void|Credit|More actions/ })
        .count(),
    ).toBe(0);

    // The status filter finds the void one.
    await page.goto('/invoices');
    await page.getByLabel('Status').selectOption('VOID');
    await visible(rowOf(page, 'INV0002'));
    await gone(page.getByRole('heading', { name: 'INV0001' }));
    await page.getByLabel('Status').selectOption('');
    await visible(rowOf(page, 'INV0001'));
    await expectAccessible(page, '/invoices with issued and void invoices');
    await saveScreenshot(page, 'invoices-issued-history', { fullPage: true });

    // The credit notes list, from the navigation; each credit note has its page.
    await page.getByRole('link', { name: 'Credit notes' }).first().click();
    await visible(page.getByRole('heading', { name: 'Credit notes', exact: true }));
    const note = page.getByRole('listitem').filter({ hasText: 'CN0001' });
    await expectText(note, 'Against INV0001');
    await expectText(note, `-${gbp(120)}`);
    await page.getByLabel('Search').fill('wrong text');
    await visible(page.getByText('No credit notes match your search.'));
    await page.getByLabel('Search').fill('INV0001');
    await visible(page.getByRole('listitem').filter({ hasText: 'CN0001' }));
    await expectAccessible(page, '/credit-notes');
    await saveScreenshot(page, 'credit-notes');
    await openDocument(page, 'CN0001');
    await expectText(page.getByRole('main'), 'One service not carried out');
    await visible(page.getByRole('link', { name: 'INV0001' }));
  });
});
