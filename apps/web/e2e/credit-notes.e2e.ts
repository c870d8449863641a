import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { cardWith, expectText, openDetails, expectToast, gbp, gone, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey: issued invoices are records', () => {
  const session = useBrowser();

  test('when an invoice is sent, its lines cannot be edited; half of it is credited, another is voided; both show in lists and history', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'records');
    await user.api.createCompany();
    const client = await user.api.createClient('Oakwood Joinery');
    const lines = [{ description: 'Boiler service', quantity: 2, unitPrice: 100 }];
    await user.api.createInvoice(client.id, lines);
    await user.api.createInvoice(client.id, lines);
    await signInWithToken(page, user.token, '/invoices');

    for (const number of ['INV0001', 'INV0002']) {
      const draft = cardWith(page, number);
      await visible(draft.getByRole('button', { name: 'Delete' }));
      await draft.getByRole('button', { name: 'Mark as sent' }).click();
      await expectToast(page, 'Invoice sent successfully');
    }

    // Issued: no delete; the edit form refuses a change of lines with the API's message.
    const first = cardWith(page, 'INV0001');
    await expectText(first, 'SENT');
    expect(await first.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await first.getByRole('button', { name: 'Edit due date' }).click();
    const edit = page.getByRole('form', { name: 'Edit Invoice' });
    await visible(edit);
    await edit.getByLabel('Quantity').fill('3');
    await edit.getByRole('button', { name: 'Update Invoice' }).click();
    await expectToast(page, 'An issued invoice cannot be changed. Issue a credit note instead.');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await gone(edit);
    await expectText(cardWith(page, 'INV0001'), `Total ${gbp(240)}`);

    // Credit half: one of the two services, VAT at the invoice's rate, totals live in the dialog.
    await cardWith(page, 'INV0001').getByRole('button', { name: 'Credit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit note for INV0001' });
    await visible(dialog);
    await dialog.getByLabel('Chosen lines').check();
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByLabel('Quantity to credit for Boiler service').fill('1');
    await expectText(dialog.getByLabel('Credit note totals'), `Credit total ${gbp(120)}`);
    await expectAccessible(page, '/invoices credit note dialog');
    await saveScreenshot(page, 'credit-note-dialog');
    await dialog.getByLabel('Reason *').fill('One service not carried out');
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await expectToast(page, 'Credit note CN0001 created');
    await gone(dialog);
    await expectText(cardWith(page, 'INV0001'), `Balance due ${gbp(120)}`);
    await openDetails(cardWith(page, 'INV0001'));
    await expectText(cardWith(page, 'INV0001'), 'CN0001');
    // credited: no longer voidable
    await gone(cardWith(page, 'INV0001').getByRole('button', { name: 'Void' }));

    // Void the other one: a reason, then a confirmation.
    await cardWith(page, 'INV0002').getByRole('button', { name: 'Void' }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void invoice INV0002' });
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await visible(voidDialog.getByText('Reason is required'));
    await voidDialog.getByLabel('Reason *').fill('Raised against the wrong job');
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, void it' }).click();
    await expectToast(page, 'Invoice INV0002 voided');
    const voided = cardWith(page, 'INV0002', 'History');
    await expectText(voided, 'VOID');
    await openDetails(voided);
    await expectText(voided, 'Void: Raised against the wrong job');
    expect(await voided.getByRole('button', { name: /Edit|Delete|Void|Credit/ }).count()).toBe(0);

    // The status filter finds the void one; history shows what happened.
    await page.getByLabel('Status').selectOption('VOID');
    await visible(cardWith(page, 'INV0002', 'History'));
    await gone(page.getByRole('heading', { name: 'INV0001' }));
    await page.getByLabel('Status').selectOption('');
    await cardWith(page, 'INV0001').getByRole('button', { name: 'History' }).click();
    const timeline = page.getByRole('list', { name: 'History of INV0001' });
    await expectText(timeline, /Created.*Sent.*Credited.*Credit note CN0001 for £120\.00: One service not carried out/s);
    await cardWith(page, 'INV0002', 'History').getByRole('button', { name: 'History' }).click();
    await expectText(page.getByRole('list', { name: 'History of INV0002' }), /Voided.*Raised against the wrong job/s);
    await expectAccessible(page, '/invoices with history');
    await saveScreenshot(page, 'invoices-issued-history', { fullPage: true });

    // The credit notes list, from the navigation.
    await page.getByRole('link', { name: 'Credit notes' }).first().click();
    await visible(page.getByRole('heading', { name: 'Credit notes', exact: true }));
    const note = page.getByRole('listitem').filter({ hasText: 'CN0001' });
    await expectText(note, 'Against invoice INV0001');
    await expectText(note, 'One service not carried out');
    await expectText(note, `-${gbp(120)}`);
    await page.getByLabel('Search').fill('wrong text');
    await visible(page.getByText('No credit notes match your search.'));
    await page.getByLabel('Search').fill('INV0001');
    await visible(page.getByRole('listitem').filter({ hasText: 'CN0001' }));
    await expectAccessible(page, '/credit-notes');
    await saveScreenshot(page, 'credit-notes');
  });
});
