import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { expectToast, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

const LOGO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/logo.png');

const PROFILE = {
  bankName: 'Northern Bank',
  accountName: 'Acme Plumbing Ltd',
  accountNumber: '12345678',
  sortCode: '12-34-56',
  iban: 'GB29NWBK60161331926819',
  swift: 'NWBKGB2L',
  vatNumber: 'GB123456789',
  terms: 'Payment within 30 days. Late payments incur 2% monthly interest.',
  quotePrefix: 'QT',
  invoicePrefix: 'AC',
};

describe('journey 2: company settings', () => {
  const session = useBrowser();

  test('when a new user creates the profile and fills every section, then a reload shows everything kept', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey2');
    await signInWithToken(page, user.token, '/settings');

    await visible(page.getByText('Company Profile Required'));
    await expectAccessible(page, '/settings (no profile)');
    await page.getByLabel(/company name/i).fill('Acme Plumbing Ltd');
    await page.getByLabel(/^email/i).fill('office@acme-plumbing.example');
    await page.getByRole('button', { name: 'Create Company Profile' }).click();
    await expectToast(page, 'Company profile created successfully');

    // The full form: every section of the Settings screen (docs/product.md, "Screens").
    await visible(page.getByRole('button', { name: 'Save Changes' }));
    await page.getByLabel(/vat number/i).fill(PROFILE.vatNumber);
    await page.getByLabel(/bank name/i).fill(PROFILE.bankName);
    await page.getByLabel(/account name/i).fill(PROFILE.accountName);
    await page.getByLabel(/account number/i).fill(PROFILE.accountNumber);
    await page.getByLabel(/sort code/i).fill(PROFILE.sortCode);
    await page.getByLabel(/iban/i).fill(PROFILE.iban);
    await page.getByLabel(/swift/i).fill(PROFILE.swift);
    await page.getByLabel(/terms/i).fill(PROFILE.terms);
    await page.getByLabel(/template/i).selectOption('classic');
    await page.getByLabel(/quote.*prefix/i).fill(PROFILE.quotePrefix);
    await page.getByLabel(/invoice.*prefix/i).fill(PROFILE.invoicePrefix);

    await page.locator('input[type="file"]').setInputFiles(LOGO);
    const preview = page.getByRole('img', { name: /logo/i });
    await visible(preview);
    expect(await preview.getAttribute('src')).toMatch(/^(data:image\/png|blob:)/);

    await expectAccessible(page, '/settings (full form)');
    await saveScreenshot(page, 'settings', { fullPage: true });

    await page.getByRole('button', { name: 'Save Changes' }).click();
    // One toast at a time: the profile save, then the logo upload that follows it.
    await expectToast(page, 'Logo uploaded successfully');

    await page.reload();
    await visible(page.getByRole('button', { name: 'Save Changes' }));
    const expectValue = async (label: RegExp, value: string) => expect(await page.getByLabel(label).inputValue()).toBe(value);
    await expectValue(/company name/i, 'Acme Plumbing Ltd');
    await expectValue(/vat number/i, PROFILE.vatNumber);
    await expectValue(/bank name/i, PROFILE.bankName);
    await expectValue(/account name/i, PROFILE.accountName);
    await expectValue(/account number/i, PROFILE.accountNumber);
    await expectValue(/sort code/i, PROFILE.sortCode);
    await expectValue(/iban/i, PROFILE.iban);
    await expectValue(/swift/i, PROFILE.swift);
    await expectValue(/terms/i, PROFILE.terms);
    await expectValue(/template/i, 'classic');
    await expectValue(/quote.*prefix/i, PROFILE.quotePrefix);
    await expectValue(/invoice.*prefix/i, PROFILE.invoicePrefix);
    // The uploaded logo comes back from the server, not from the file picker.
    await visible(page.getByRole('img', { name: /logo/i }));
    expect(await page.getByRole('img', { name: /logo/i }).getAttribute('src')).toMatch(/^data:image\/png/);
  });
});
