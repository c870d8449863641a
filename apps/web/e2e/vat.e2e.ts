import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import type { Locator } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser, type NewUser } from './support/api.ts';
import { londonDatePlus } from './support/dates.ts';
import { cardWith, documentAction, expectText, expectToast, gbp, gone, openDocument, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

/**
 * Issue 17, VAT per line (docs/product.md, "VAT per line", "CIS", "VAT return figures"): the
 * figures below are worked out by hand, to the penny, half-up once per rate.
 */

interface Line {
  description: string;
  quantity: string;
  unitPrice: string;
  /** the VAT select's visible option, or undefined for 'Document rate' */
  vat?: string;
  discount?: string;
  materials?: boolean;
}

async function fillLines(form: Locator, lines: Line[]) {
  for (const [i, l] of lines.entries()) {
    if (i > 0) await form.getByRole('button', { name: 'Add Item' }).click();
    const row = form.getByRole('listitem', { name: `Item ${i + 1}` });
    await visible(row);
    await row.getByLabel('Description').fill(l.description);
    await row.getByLabel('Quantity').fill(l.quantity);
    await row.getByLabel('Unit Price').fill(l.unitPrice);
    if (l.vat) await row.getByLabel('VAT', { exact: true }).selectOption({ label: l.vat });
    if (l.discount) await row.getByLabel('Discount %').fill(l.discount);
    if (l.materials) await row.getByLabel('Kind').selectOption({ label: 'Materials' });
  }
}

/**
 * A document's PDF (downloaded with the user's token) as pdftotext reads it: `layout` keeps each
 * row on its line; `flow` follows the text in reading order, whitespace collapsed, so a label that
 * wraps still reads next to its value.
 */
async function pdfText(user: NewUser, apiPath: string): Promise<{ layout: string; flow: string }> {
  const res = await fetch(`${user.api.baseURL}/api${apiPath}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'docket-vat-')), 'doc.pdf');
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return {
    layout: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' '),
    flow: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '),
  };
}

interface VatGroup {
  vat: string | null;
  rate: number;
  net: number;
  vatAmount: number;
  reverseCharge: boolean;
}

let shared: Promise<NewUser> | undefined;
/** One VAT-registered builder across the journey: the report at the end counts what the invoices issued. */
function builder(baseURL: string): Promise<NewUser> {
  shared ??= (async () => {
    const user = await registerUser(baseURL, 'vat');
    await user.api.call('POST', '/company', {
      name: 'Acme Building Ltd',
      email: 'office@acme-building.example',
      vatNumber: 'GB123456789',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
    });
    await user.api.createClient('Hannah Baker');
    await user.api.call('POST', '/clients', { name: 'Smith Builders Ltd', email: 'accounts@smith-builders.example', vatNumber: 'GB987654321' });
    await user.api.createClient('Jones Construction');
    return user;
  })();
  return shared;
}

const LONG = 240_000;

describe('journey: VAT per line, reverse charge, CIS and the VAT return', () => {
  const session = useBrowser();

  test(
    'when a quote mixes rates, a discount and half an hour, then the live summary and the saved figures agree to the penny',
    async () => {
      const { page } = session;
      const user = await builder(session.baseURL);
      await signInWithToken(page, user.token, '/quotes');

      await page.getByRole('button', { name: 'New Quote' }).click();
      const form = page.getByRole('form', { name: 'Create New Quote' });
      await visible(form);
      await form.getByLabel('Client').selectOption({ label: 'Hannah Baker' });
      await fillLines(form, [
        // 0.5 x 47.25 = 23.625 -> £23.63; VAT 20% = 4.726 -> £4.73
        { description: 'Fitting labour (half hour)', quantity: '0.5', unitPrice: '47.25', vat: '20% · Standard rate' },
        // 3 x 33.33 = 99.99, less 10% = 89.991 -> £89.99; VAT 5% = 4.4995 -> £4.50
        { description: 'Loft insulation (energy saving)', quantity: '3', unitPrice: '33.33', vat: '5% · Reduced rate', discount: '10' },
        { description: 'Wheelchair ramp', quantity: '1', unitPrice: '120', vat: '0% · Zero rate' },
        { description: 'Insurance claim handling', quantity: '1', unitPrice: '15', vat: 'Exempt · Exempt' },
      ]);
      // Subtotal 23.63 + 89.99 + 120 + 15 = 248.62; VAT 4.73 + 4.50 = 9.23; total 257.85.
      await expectText(
        form.getByTestId('document-totals'),
        `Subtotal ${gbp(248.62)} ` +
          `VAT 20% on ${gbp(23.63)} ${gbp(4.73)} ` +
          `VAT 5% on ${gbp(89.99)} ${gbp(4.5)} ` +
          `VAT 0% on ${gbp(120)} ${gbp(0)} ` +
          `VAT Exempt on ${gbp(15)} ${gbp(0)} ` +
          `Total ${gbp(257.85)}`,
      );
      await expectAccessible(page, '/quotes form with mixed VAT rates');
      await saveScreenshot(page, 'quote-mixed-vat', { fullPage: true });

      await form.getByRole('button', { name: 'Create Quote' }).click();
      await expectToast(page, 'Quote created successfully');
      await gone(form);
      await expectText(cardWith(page, 'Q0001'), gbp(257.85));

      const [quote] = await user.api.call<{ subtotal: number; taxAmount: number; total: number; vatBreakdown?: VatGroup[] }[]>('GET', '/quotes');
      expect(quote).toMatchObject({ subtotal: 248.62, taxAmount: 9.23, total: 257.85 });
      expect(quote!.vatBreakdown).toEqual([
        { vat: 'STANDARD', rate: 20, net: 23.63, vatAmount: 4.73, reverseCharge: false },
        { vat: 'REDUCED', rate: 5, net: 89.99, vatAmount: 4.5, reverseCharge: false },
        { vat: 'ZERO', rate: 0, net: 120, vatAmount: 0, reverseCharge: false },
        { vat: 'EXEMPT', rate: 0, net: 15, vatAmount: 0, reverseCharge: false },
      ]);
    },
    LONG,
  );

  test(
    'when an invoice mixes outside-the-scope lines with another rate, then the form warns before issue that it will have no e-invoice, and the warning goes with the mix (issue 31)',
    async () => {
      const { page } = session;
      const user = await builder(session.baseURL);
      await signInWithToken(page, user.token, '/invoices');

      await page.getByRole('button', { name: 'New Invoice' }).click();
      const form = page.getByRole('form', { name: 'Create New Invoice' });
      await visible(form);
      await form.getByLabel('Client').selectOption({ label: 'Hannah Baker' });
      await fillLines(form, [
        { description: 'Labour', quantity: '1', unitPrice: '100', vat: '20% · Standard rate' },
        { description: 'Land Registry fee paid for you', quantity: '1', unitPrice: '12.34', vat: 'Outside scope · Outside the scope of VAT' },
      ]);
      await expectText(form.getByTestId('outside-scope-mixed'), EINVOICE_MESSAGES.outsideScopeMixedWarning);
      await expectAccessible(page, '/invoices form warning of outside-the-scope lines beside another rate');
      await form.getByRole('listitem', { name: 'Item 2' }).getByLabel('VAT', { exact: true }).selectOption({ label: '20% · Standard rate' });
      await gone(form.getByTestId('outside-scope-mixed'));
    },
    LONG,
  );

  test(
    'when a VAT-registered builder is invoiced under the reverse charge, then the VAT sits outside the total on screen and in the PDF',
    async () => {
      const { page } = session;
      const user = await builder(session.baseURL);
      await signInWithToken(page, user.token, '/invoices');

      await page.getByRole('button', { name: 'New Invoice' }).click();
      const form = page.getByRole('form', { name: 'Create New Invoice' });
      await visible(form);
      await form.getByLabel('Client').selectOption({ label: 'Smith Builders Ltd' });
      const rc = '20% RC · Domestic reverse charge at the standard rate';
      await fillLines(form, [
        { description: 'Second-fix plumbing', quantity: '16', unitPrice: '35', vat: rc },
        { description: 'Copper pipe and fittings', quantity: '1', unitPrice: '240.50', vat: rc, materials: true },
      ]);
      // Net 560 + 240.50 = 800.50; reverse-charge VAT 20% = £160.10, which the customer pays HMRC.
      await expectText(
        form.getByTestId('document-totals'),
        `Subtotal ${gbp(800.5)} Total ${gbp(800.5)} Reverse charge VAT 20% on ${gbp(800.5)} (customer pays HMRC, not in total) ${gbp(160.1)}`,
      );
      await form.getByRole('button', { name: 'Create Invoice' }).click();
      await expectToast(page, 'Invoice created successfully');
      await gone(form);
      // A draft is numbered when it is issued: its row says Draft until then.
      const card = cardWith(page, 'Draft');
      await expectText(card, `Amount due ${gbp(800.5)}`);
      await openDocument(page, 'Draft');
      await documentAction(page, 'Mark as sent');
      await expectToast(page, 'Invoice sent successfully');
      await expectText(page.getByRole('main'), 'SENT');
      await visible(page.getByRole('heading', { level: 1, name: 'INV0001' }));

      const [invoice] = await user.api.call<{ id: string; total: number; reverseChargeVat?: number }[]>('GET', '/invoices');
      expect(invoice).toMatchObject({ total: 800.5, reverseChargeVat: 160.1 });
      const pdf = await pdfText(user, `/invoices/${invoice!.id}/preview`);
      expect(pdf.layout).toMatch(/Total due £800\.50\n/);
      expect(pdf.flow).toContain(
        'VAT the customer accounts for (not included in the total) Reverse charge VAT at 20% on £800.50 £160.10 ' +
          'Reverse charge: Customer to pay the VAT to HMRC',
      );
      expect(pdf.layout).toContain('VAT number GB987654321');
    },
    LONG,
  );

  test(
    'when a CIS subcontractor invoices a contractor at 20%, then the deduction comes off labour only and the card shows the balance due',
    async () => {
      const { page } = session;
      const user = await builder(session.baseURL);
      await signInWithToken(page, user.token, '/settings');

      const cis = page.getByLabel("I am a CIS subcontractor (invoices show the contractor's deduction)");
      await visible(cis);
      await cis.check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Company profile updated successfully');

      await page.getByRole('link', { name: 'Clients' }).first().click();
      await cardWith(page, 'Jones Construction').getByRole('button', { name: /edit/i }).click();
      await page.getByLabel('CIS rate').selectOption({ label: '20% deduction' });
      await page.getByRole('button', { name: 'Update Client' }).click();
      await expectToast(page, 'Client updated successfully');

      await page.getByRole('link', { name: 'Invoices' }).first().click();
      await page.getByRole('button', { name: 'New Invoice' }).click();
      const form = page.getByRole('form', { name: 'Create New Invoice' });
      await visible(form);
      await form.getByLabel('Client').selectOption({ label: 'Jones Construction' });
      await fillLines(form, [
        { description: 'Bathroom refit labour', quantity: '24', unitPrice: '30' },
        { description: 'Tiles and adhesive', quantity: '1', unitPrice: '180', materials: true },
      ]);
      // Net 720 + 180 = 900; VAT 20% = 180; total 1,080; CIS 20% of labour 720 = 144; due 936.
      await expectText(
        form.getByTestId('document-totals'),
        `Subtotal ${gbp(900)} Tax (20%) ${gbp(180)} Total ${gbp(1080)} CIS deduction (20% of labour ${gbp(720)}) −${gbp(144)} Amount due ${gbp(936)}`,
      );
      await expectAccessible(page, '/invoices form with a CIS deduction');
      await form.getByRole('button', { name: 'Create Invoice' }).click();
      await expectToast(page, 'Invoice created successfully');
      await gone(form);

      const draft = cardWith(page, 'Draft');
      await expectText(draft, `Amount due ${gbp(936)}`);
      await expectText(draft, `of ${gbp(1080)}`);
      await openDocument(page, 'Draft');
      await documentAction(page, 'Mark as sent');
      await visible(page.getByRole('heading', { level: 1, name: 'INV0002' }));
      await expectToast(page, 'Invoice sent successfully');
      await expectText(page.getByTestId('headline-amount'), gbp(936));
      await expectText(page.getByTestId('document-figures'), `Total ${gbp(1080)}`);
      await expectText(page.getByTestId('document-figures'), `Amount due ${gbp(936)}`);
    },
    LONG,
  );

  test(
    "when the quarter's VAT return is opened, then boxes 1 and 6 count the issued invoices and not the quote",
    async () => {
      const { page } = session;
      const user = await builder(session.baseURL);
      await signInWithToken(page, user.token, '/reports');

      // Invoices are dated on the London calendar day, and so are the quarter presets.
      const today = londonDatePlus(0);
      const year = Number(today.slice(0, 4));
      const q = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
      const quarter = page.getByLabel('Quarter');
      await visible(quarter);
      const label = (await quarter.locator('option').allInnerTexts()).find((t) => t.startsWith(`Q${q} ${year} (`));
      expect(label).toBeDefined();
      await quarter.selectOption({ label: label! });

      // Box 1: VAT charged, the CIS invoice's £180 (reverse-charge VAT is the customer's).
      // Box 6: every sale excluding VAT, £800.50 + £900 = £1,700.50. No expenses: boxes 4 and 7 are £0.
      const report = page.getByTestId('vat-report');
      await expectText(
        report,
        `Box 1 (VAT due on sales) ${gbp(180)} Box 3 (total VAT due) ${gbp(180)} Box 4 (VAT reclaimed on purchases) ${gbp(0)} Box 5 (VAT to pay) ${gbp(180)} Box 6 (sales excluding VAT) ${gbp(1700.5)} Box 7 (purchases excluding VAT) ${gbp(0)} Reverse charge sales (net) ${gbp(800.5)}`,
      );
      await visible(report.getByRole('link', { name: 'INV0001' }));
      await visible(report.getByRole('link', { name: 'INV0002' }));

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^vat-${year}-\\d{2}-01-to-${year}-\\d{2}-\\d{2}\\.csv$`));
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv).toContain('"Box 1 (VAT due on sales)","180.00"');
      expect(csv).toContain('"Box 6 (sales excluding VAT)","1700.50"');
      await expectAccessible(page, '/reports VAT return');
    },
    LONG,
  );
  test(
    'when profit and loss and the CIS statement are opened on a phone, then income, expenses by heading and the deduction suffered show, and both download as CSV',
    async () => {
      const { page } = session;
      const user = await builder(session.baseURL);
      const today = londonDatePlus(0);
      await user.api.call('POST', '/expenses', { date: today, supplier: 'Screwfix', category: 'COST_OF_GOODS', net: 200, vat: 'STANDARD' });
      await user.api.call('POST', '/expenses', { date: today, supplier: 'The Ivy', category: 'NOT_ALLOWABLE', net: 50, vat: 'STANDARD' });
      const invoices = await user.api.call<{ id: string; invoiceNumber: string }[]>('GET', '/invoices');
      const cisInvoice = invoices.find((i) => i.invoiceNumber === 'INV0002')!;
      await user.api.call('POST', `/invoices/${cisInvoice.id}/payments`, { amount: 936, date: today });
      await page.setViewportSize({ width: 390, height: 844 });
      await signInWithToken(page, user.token, '/reports');

      // The period holding today (cumulative from 6 April) opens first. Income: £800.50 + £900 net of VAT;
      // expenses count net (VAT registered): £200 allowable, £50 not. Net profit 1,450.50; taxable 1,500.50.
      const pnl = page.getByTestId('profit-and-loss');
      await visible(pnl);
      await expectText(pnl.getByTestId('pnl-income'), gbp(1700.5));
      await expectText(pnl, 'Cost of goods (materials)');
      await expectText(pnl.getByTestId('pnl-net-profit'), gbp(1450.5));
      await expectText(pnl.getByTestId('pnl-taxable-profit'), gbp(1500.5));
      const downloadingPnl = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download profit and loss CSV' }).click();
      const pnlCsv = readFileSync(await (await downloadingPnl).path(), 'utf8');
      expect(pnlCsv).toContain('"Taxable profit (income less allowable expenses)","1500.50"');

      // CIS: the £936 received is the whole amount due: labour 720, materials 180, deducted 20% of 720 = 144.
      const cis = page.getByTestId('cis-report');
      await visible(cis);
      await expectText(cis, 'Jones Construction');
      await expectText(cis.getByTestId('cis-total-deducted'), gbp(144));
      const downloadingCis = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CIS CSV' }).click();
      const cisCsv = readFileSync(await (await downloadingCis).path(), 'utf8');
      expect(cisCsv).toContain('"Total","","","","","900.00","720.00","180.00","144.00"');
      await expectAccessible(page, '/reports profit and loss and CIS on a phone');
      await saveScreenshot(page, 'reports-pnl-cis-phone', { fullPage: true });
    },
    LONG,
  );
});
