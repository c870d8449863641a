import { describe, expect, test } from 'vitest';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { MSG } from '@docket/schemas/messages';
import { PEPPOL_MESSAGES } from '@docket/schemas/peppol';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { cardWith, confirmDelete, expectToast, gbp, gone, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey 3: catalogue and clients', () => {
  const session = useBrowser();

  test('when a user adds, edits and deletes an item, then the list follows and the delete asks first', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey3');
    await signInWithToken(page, user.token, '/items');

    await visible(page.getByRole('heading', { name: 'Items', exact: true }));
    await visible(page.getByText('Manage your products and services'));
    await visible(page.getByText('No items found. Create your first item to get started.'));
    await expectAccessible(page, '/items (empty)');

    await page.getByRole('button', { name: 'Add Item' }).click();
    await visible(page.getByText('Add New Item'));
    // An empty submit shows the section 5 messages.
    await page.getByRole('button', { name: 'Create Item' }).click();
    await visible(page.getByText(MSG.nameRequired));
    await visible(page.getByText(MSG.descriptionRequired));
    await expectAccessible(page, '/items form with errors');

    await page.getByLabel('Name').fill('Boiler service');
    await page.getByLabel('Description').fill('Annual gas boiler service and safety check');
    await page.getByLabel('Price').fill('85');
    await page.getByRole('button', { name: 'Create Item' }).click();
    await expectToast(page, 'Item created successfully');
    const card = cardWith(page, 'Boiler service');
    await visible(card);
    await visible(card.getByText(gbp(85)));

    await card.getByRole('button', { name: /edit/i }).click();
    await visible(page.getByText('Edit Item'));
    await page.getByLabel('Price').fill('92.5');
    await page.getByRole('button', { name: 'Update Item' }).click();
    await expectToast(page, 'Item updated successfully');
    await visible(cardWith(page, 'Boiler service').getByText(gbp(92.5)));

    const question = await confirmDelete(page, cardWith(page, 'Boiler service').getByRole('button', { name: /delete/i }));
    expect(question).toContain('Are you sure you want to delete this item?');
    await expectToast(page, 'Item deleted successfully');
    await visible(page.getByText('No items found. Create your first item to get started.'));
  });

  test('when a user adds, edits and deletes a client, then a client with a quote cannot be deleted', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey3');
    await signInWithToken(page, user.token, '/clients');

    await visible(page.getByRole('heading', { name: 'Clients', exact: true }));
    await visible(page.getByText('No clients found. Create your first client to get started.'));
    await expectAccessible(page, '/clients (empty)');

    await page.getByRole('button', { name: 'Add Client' }).click();
    await page.getByRole('button', { name: 'Create Client' }).click();
    await visible(page.getByText(MSG.nameRequired));
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await visible(page.getByText(MSG.invalidEmail));
    await expectAccessible(page, '/clients form with errors');

    await page.getByLabel('Name').fill('Hannah Baker');
    await page.getByLabel('Email').fill('hannah.baker@example.com');
    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByLabel('Address').fill('12 Mill Lane, Leeds LS1 4AB');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await expectToast(page, 'Client created successfully');
    await visible(cardWith(page, 'Hannah Baker'));

    await cardWith(page, 'Hannah Baker').getByRole('button', { name: /edit/i }).click();
    await page.getByLabel('Name').fill('Hannah Baker-Jones');
    // Issue 31: the Peppol participant id a UBL e-invoice is addressed to; a wrong GLN check digit is refused as typed.
    await page.getByLabel('Peppol scheme').selectOption('0088');
    await page.getByLabel('Peppol ID').fill('5790000435969');
    await page.getByRole('button', { name: 'Update Client' }).click();
    await visible(page.getByText(PEPPOL_MESSAGES.checkDigits('0088')));
    await page.getByLabel('Peppol ID').fill('5790000435968');
    await page.getByRole('button', { name: 'Update Client' }).click();
    await expectToast(page, 'Client updated successfully');
    await visible(cardWith(page, 'Hannah Baker-Jones'));
    await page.reload();
    await cardWith(page, 'Hannah Baker-Jones').getByRole('button', { name: /edit/i }).click();
    expect(await page.getByLabel('Peppol scheme').inputValue()).toBe('0088');
    expect(await page.getByLabel('Peppol ID').inputValue()).toBe('5790000435968');
    await page.getByRole('button', { name: 'Cancel' }).click();

    const question = await confirmDelete(page, cardWith(page, 'Hannah Baker-Jones').getByRole('button', { name: /delete/i }));
    expect(question).toContain('Are you sure you want to delete this client?');
    await expectToast(page, 'Client deleted successfully');
    await gone(page.getByText('Hannah Baker-Jones'));

    // A client with a quote: the server refuses and the screen shows its reason.
    const client = await user.api.createClient('Kept Client Ltd');
    await user.api.createQuote(client.id, [{ description: 'Survey', quantity: 1, unitPrice: 120 }]);
    await page.reload();
    await confirmDelete(page, cardWith(page, 'Kept Client Ltd').getByRole('button', { name: /delete/i }));
    await expectToast(page, ERROR_MESSAGES.clientInUse);
    await visible(cardWith(page, 'Kept Client Ltd'));
    await expectAccessible(page, '/clients with refusal toast');
    await saveScreenshot(page, 'clients', { keepToasts: true });
  });
});
