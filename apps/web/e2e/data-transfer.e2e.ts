import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MSG } from '@docket/schemas/messages';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { expectToast, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey: import and export', () => {
  const session = useBrowser();

  test('when a user exports an invoice CSV for a preset range and imports clients after fixing a bad row, then both work from the screen', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'data');
    await user.api.createCompany();
    const client = await user.api.createClient('Harbour Lights Ltd');
    const draft = await user.api.createInvoice(client.id, [{ description: 'Rewire', quantity: 2, unitPrice: 150.5 }]);
    await user.api.invoiceAction(draft.id, 'send');
    // Numbered at issue.
    const invoice = await user.api.call<{ invoiceNumber: string }>('GET', `/invoices/${draft.id}`);

    await signInWithToken(page, user.token, '/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Import & export' }).first().click();
    await visible(page.getByRole('heading', { name: 'Import & export', exact: true }));
    await expectAccessible(page, '/data');

    await page.getByRole('button', { name: 'This tax year' }).click();
    const from = await page.getByLabel('From').inputValue();
    const to = await page.getByLabel('To').inputValue();
    expect(from.slice(5)).toBe('04-06');
    expect(to.slice(5)).toBe('04-05');
    expect(Number(to.slice(0, 4)) - Number(from.slice(0, 4))).toBe(1);

    await page.getByRole('button', { name: 'This quarter' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Invoices CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^docket-invoices-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('301.00,60.20,361.20');

    const bad = ['*ContactName,EmailAddress,PhoneNumber', 'Penny Lane Bakery,orders@pennylane.example,0151 496 0001', 'Oak & Ash Joinery,not-an-email,'].join(
      '\n',
    );
    await page.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const problems = page.getByRole('table', { name: 'Problems by row' });
    // The first check of the run starts the import worker (a thread of its own, cold on a busy machine).
    await visible(problems.getByText(`Error: ${MSG.invalidEmail}`), 30_000);
    await visible(problems.getByRole('cell', { name: 'EmailAddress' }));
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'data-transfer-import-errors');

    const good = bad.replace('not-an-email', 'hello@oakash.example');
    await page.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const preview = page.getByRole('table', { name: 'Preview' });
    await visible(preview.getByRole('cell', { name: 'Oak & Ash Joinery' }));
    await visible(preview.getByRole('cell', { name: 'orders@pennylane.example' }));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectToast(page, '2 clients imported');

    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).first().click();
    await visible(page.getByText('Oak & Ash Joinery').first());
    await visible(page.getByText('Penny Lane Bakery').first());
  });

  test('when a user imports a Xero file with a bad row, then the screen shows the columns and a template, previews in plain words, imports the good rows and downloads the bad one with its reason', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'guide');
    await user.api.createCompany();
    await signInWithToken(page, user.token, '/data');
    await visible(page.getByRole('heading', { name: 'Import & export', exact: true }));

    // The expected columns, per product, with a template to download.
    await page.getByLabel('Exported by').selectOption({ label: 'Xero contacts' });
    const columns = page.getByRole('table', { name: 'Expected columns' });
    await visible(columns.getByRole('cell', { name: '*ContactName' }));
    await visible(columns.getByRole('cell', { name: 'TaxNumber' }));
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template' }).click()]);
    expect(template.suggestedFilename()).toBe('docket-clients-template-xero.csv');
    expect(readFileSync((await template.path())!, 'utf8').split('\r\n')[0]).toBe('*ContactName,EmailAddress,PhoneNumber,POAddressLine1,TaxNumber');

    const csv = ['*ContactName,EmailAddress,TaxNumber', 'Tower Builders Ltd,,GB987654321', 'Mrs Jones,,', 'Bad Address Ltd,not-an-email,'].join('\r\n');
    await page.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await visible(page.getByRole('status').getByText('3 rows read · 1 row with errors · 0 duplicates skipped'));
    const preview = page.getByRole('table', { name: 'Preview' });
    await visible(preview.getByRole('columnheader', { name: 'Customer type' }));
    await visible(preview.getByRole('cell', { name: 'Business', exact: true }));
    await visible(preview.getByRole('cell', { name: 'Consumer', exact: true }));
    expect(await preview.textContent()).not.toMatch(/isBusiness|vatNumber|true|false/);
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'data-transfer-import-guided');

    const [rejected] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download rows with problems' }).click()]);
    const rejectedText = readFileSync((await rejected.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(rejectedText.trimEnd().split('\r\n')).toEqual([
      '*ContactName,EmailAddress,TaxNumber,Problem',
      `Bad Address Ltd,not-an-email,,EmailAddress: ${MSG.invalidEmail}`,
    ]);

    await page.getByRole('button', { name: 'Import 2 good rows' }).click();
    await expectToast(page, '2 clients imported, 1 row with errors left out');
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).first().click();
    await visible(page.getByText('Tower Builders Ltd').first());
    await visible(page.getByText('VAT GB987654321').first());
    await visible(page.getByText('No email').first());
  });
});
