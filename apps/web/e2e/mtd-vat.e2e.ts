import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { MTD_DECLARATION } from '@docket/schemas/mtd';
import { launchChromium, DESKTOP, PHONE } from './support/browser.ts';
import { registerUser } from './support/api.ts';
import { startApp } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';
import { expectText, expectUrl, hasHorizontalOverflow, saveScreenshot, visible } from './support/ui.ts';
import type { Page } from 'playwright-core';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, specOrSkip, startFakeHmrc } from '../../api/test/fake-hmrc.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The calendar quarter holding today (Europe/London is close enough at quarter middles). */
function thisQuarter() {
  const now = new Date();
  const y = now.getUTCFullYear();
  const q = Math.floor(now.getUTCMonth() / 3);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const start = new Date(Date.UTC(y, q * 3, 1));
  const end = new Date(Date.UTC(y, q * 3 + 3, 0));
  const due = new Date(Date.UTC(y, q * 3 + 4, 7));
  // The quarter before: what HMRC has on record as owed and paid.
  const before = { start: iso(new Date(Date.UTC(y, q * 3 - 3, 1))), end: iso(new Date(Date.UTC(y, q * 3, 0))), due: iso(new Date(Date.UTC(y, q * 3 + 1, 7))) };
  return {
    label: `Q${q + 1} ${y}`,
    start: iso(start),
    end: iso(end),
    due: iso(due),
    dueText: due.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    before,
  };
}

/**
 * The screen at 1366x768 and at 390x844 (`<name>-phone`), with no sideways scrolling on the phone.
 * The phone picture is taken only when the README's pictures are refreshed (CI time).
 */
async function shoot(page: Page, name: string) {
  await saveScreenshot(page, name, { fullPage: true });
  await page.setViewportSize(PHONE);
  try {
    expect(await hasHorizontalOverflow(page), `${name} on a phone`).toBe(false);
    if (process.env.E2E_SCREENSHOTS === '1') await saveScreenshot(page, `${name}-phone`, { fullPage: true });
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

describe.skipIf(!specOrSkip())('journey: filing a VAT return with HMRC (Making Tax Digital)', () => {
  test('connect through HMRC, open the quarter, drill into box 1, tick the declaration, submit, see the receipt', async () => {
    const fake = await startFakeHmrc();
    const q = thisQuarter();
    fake.obligations = [{ start: q.start, end: q.end, due: q.due, status: 'O', periodKey: '26Q9' }];
    fake.scenarios = { RetrieveVATliabilities: 'MULTIPLE_LIABILITIES', RetrieveVATpayments: 'MULTIPLE_PAYMENTS' };
    fake.liabilities = [
      {
        taxPeriod: { from: q.before.start, to: q.before.end },
        type: 'VAT Return Debit Charge',
        originalAmount: 1845.2,
        outstandingAmount: 345.2,
        due: q.before.due,
      },
    ];
    fake.payments = [{ amount: 1500, received: q.before.end }];
    const browser = await launchChromium();
    const app = await startApp(repoRoot, {
      env: {
        HMRC_CLIENT_ID: FAKE_CLIENT_ID,
        HMRC_CLIENT_SECRET: FAKE_CLIENT_SECRET,
        SECRETS_KEY: randomBytes(32).toString('hex'),
        HMRC_API_BASE: fake.apiBase,
        HMRC_AUTH_BASE: fake.authBase,
      },
    });
    try {
      const user = await registerUser(app.baseURL, 'mtd');
      await user.api.call('POST', '/company', { name: 'Acme Plumbing Ltd', email: 'office@acme-plumbing.example', vatNumber: 'GB123456782' });
      const client = await user.api.createClient('Hillside Builders');
      const invoice = await user.api.createInvoice(client.id, [{ description: 'Rewire', quantity: 1, unitPrice: 1000 }], 20);
      await user.api.invoiceAction(invoice.id, 'send');

      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London' });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(`${app.baseURL}/login`);
      await page.evaluate((t) => localStorage.setItem('token', t), user.token);
      await page.goto(`${app.baseURL}/vat`);
      await page.getByRole('button', { name: 'Connect to HMRC' }).click();

      // HMRC's own page (the fake): grant authority, and HMRC sends the browser back.
      await visible(page.getByRole('heading', { name: 'Grant authority' }));
      await page.getByRole('button', { name: 'Grant authority', exact: true }).click();
      await expectUrl(page, '/vat');
      await visible(page.getByRole('status').filter({ hasText: 'Docket is connected to HMRC.' }));
      await visible(page.getByText('Connected for VAT number 123456782'));

      const obligation = page.getByRole('listitem').filter({ hasText: `${q.label}: due ${q.dueText} – open` });
      await visible(obligation);
      await expectAccessible(page, '/vat obligations');
      await shoot(page, 'vat-obligations');
      await obligation.getByRole('button', { name: `Open ${q.label}` }).click();

      await visible(page.getByRole('heading', { name: `VAT return for ${q.label}` }));
      await page.getByRole('button', { name: 'Box 1: VAT due on sales' }).click();
      const behind = page.getByRole('list', { name: 'Documents behind Box 1: VAT due on sales' });
      await expectText(behind, 'INV0001');
      await expectText(behind, 'Hillside Builders');
      await shoot(page, 'vat-return-preview');

      const submit = page.getByRole('button', { name: 'Submit return to HMRC' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel(MTD_DECLARATION).check();
      await submit.click();

      const receipt = page.getByRole('listitem', { name: `Receipt ${q.label}` });
      await visible(receipt);
      await expectText(receipt, /Form bundle number \d{12}/);
      await expectText(receipt, 'Net VAT £200.00');
      // HMRC's copy of the return beside ours, and what HMRC has on record as owed and paid.
      await receipt.getByRole('button', { name: 'Show HMRC’s copy' }).click();
      await expectText(receipt, 'HMRC’s figures match those Docket sent.');
      const owed = page.getByRole('list', { name: 'VAT owed' });
      await expectText(owed, 'Still to pay £345.20');
      await expectText(page.getByRole('list', { name: 'Payments HMRC received' }), '£1,500.00');
      await expectAccessible(page, '/vat receipt');
      await shoot(page, 'vat-receipt');

      expect(fake.submitted.get('123456782:26Q9')).toMatchObject({ vatDueSales: 200, totalValueSalesExVAT: 1000, finalised: true });
      expect(fake.violations).toEqual([]);
      await context.close();
    } finally {
      await app.stop();
      await browser.close();
      await fake.close();
    }
  });
});
