import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser, type NewUser } from './support/api.ts';
import {
  documentAction,
  expectText,
  gbp,
  expectToast,
  expectUrl,
  gone,
  hasHorizontalOverflow,
  openDocument,
  rowOf,
  saveScreenshot,
  signInWithToken,
  visible,
} from './support/ui.ts';

/** A document's PDF as pdftotext reads it, white space folded. */
async function pdfText(user: NewUser, apiPath: string): Promise<string> {
  const res = await fetch(`${user.api.baseURL}/api${apiPath}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'docket-pdf-')), 'doc.pdf');
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The prefilled message of the Email dialog on a document's page. */
async function emailMessage(page: Page): Promise<string> {
  await documentAction(page, 'Email');
  const dialog = page.getByRole('dialog', { name: /^Email / });
  await visible(dialog.getByLabel('Message'));
  await expect.poll(async () => (await dialog.getByLabel('Message').inputValue()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const text = (await dialog.getByLabel('Message').inputValue()).replace(/\s+/g, ' ');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await gone(dialog);
  return text;
}

async function electrician(baseURL: string) {
  const user = await registerUser(baseURL, 'pages');
  await user.api.call('POST', '/company', {
    name: 'Bright Sparks Electrical',
    email: 'office@brightsparks.example',
    vatNumber: 'GB123456789',
    cisSubcontractor: true,
    bankDetails: { bankName: 'Northern Bank', accountName: 'Bright Sparks Electrical', accountNumber: '12345678', sortCode: '12-34-56' },
  });
  return user;
}

describe('journey: every document has a page (desktop)', () => {
  const session = useBrowser();

  test('when an electrician invoices a deposit and a final, changes the due date, takes a part payment and credits, then the invoice page, its PDF, its client link and its email show the same amount due', async () => {
    const { page } = session;
    const user = await electrician(session.baseURL);
    const client = await user.api.createClient('Mrs Patel');
    const quote = await user.api.createQuote(client.id, [
      { description: 'Consumer unit upgrade', quantity: 1, unitPrice: 450 },
      { description: 'Rewire kitchen', quantity: 1, unitPrice: 1060.29 },
    ]);
    await user.api.quoteAction(quote.id, 'send');
    await user.api.quoteAction(quote.id, 'approve');

    // The quote's page: a 30% deposit from its primary action opens the deposit invoice's page.
    await signInWithToken(page, user.token, '/quotes');
    await openDocument(page, 'Q0001');
    await expectUrl(page, `/quotes/${quote.id}`);
    await documentAction(page, 'Create invoice');
    const stage = page.getByRole('dialog');
    await stage.getByRole('spinbutton', { name: 'Percent' }).fill('30');
    await stage.getByRole('button', { name: 'Create invoice' }).click();
    // A draft: numbered when it is issued.
    await visible(page.getByRole('heading', { level: 1, name: 'Draft' }));
    await expectText(page.getByTestId('headline-amount'), /^£5\d\d\.\d\d$/);
    const deposit = await user.api.call<{ id: string }[]>('GET', '/invoices').then((l) => (l as unknown as { items?: { id: string }[] }).items ?? l);
    const depositId = deposit[0]!.id;
    await user.api.invoiceAction(depositId, 'send');
    await user.api.invoiceAction(depositId, 'pay');

    // The final invoice: the quote less the deposit.
    const final = await user.api.call<{ id: string; invoiceNumber: string }>('POST', `/quotes/${quote.id}/invoices`, { type: 'FINAL' });
    await user.api.invoiceAction(final.id, 'send');
    await page.goto(`/invoices/${final.id}`);
    await visible(page.getByRole('heading', { level: 1, name: 'INV0002' }));
    await expectText(page.getByRole('link', { name: 'Quote' }), 'Quote');

    // Change due date edits the due date alone.
    await documentAction(page, 'Change due date');
    const dueDialog = page.getByRole('dialog', { name: 'Change due date of INV0002' });
    await dueDialog.getByLabel('Due date').fill('2031-01-31');
    await dueDialog.getByRole('button', { name: 'Save due date' }).click();
    await expectToast(page, 'Due date changed');
    await expectText(page.getByRole('main'), 'Due 31/01/2031');

    // A part payment from the primary action, then a credit note (set up directly).
    await documentAction(page, 'Record payment');
    const pay = page.getByRole('dialog', { name: 'Record payment on INV0002' });
    await pay.getByLabel('Amount (£) *').fill('1000');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment recorded');
    await user.api.call('POST', `/invoices/${final.id}/credit-notes`, {
      reason: 'Socket not fitted',
      lineItems: [{ description: 'Socket', quantity: 1, unitPrice: 8.45 }],
    });
    await page.reload();
    // the final's total is the quote's 1,812.35 less the deposit; what is due is that less 1,000 paid and 10.14 credited
    const fin = await user.api.call<{ total: number; balanceDue: number }>('GET', `/invoices/${final.id}`);
    expect(fin.balanceDue).toBeCloseTo(fin.total - 1010.14, 2);
    const due = gbp(fin.balanceDue);
    const figures = page.getByTestId('document-figures');
    await expectText(figures, /Payment received \d+ \w+ \d{4} −£1,000\.00/);
    await expectText(figures, 'Credit note CN0001 −£10.14');
    await expectText(figures, `Balance due ${due}`);
    await expectText(page.getByTestId('headline-amount'), due);
    await expectText(page.getByRole('main'), 'Payment received');
    await expectAccessible(page, '/invoices/:id');
    await saveScreenshot(page, 'invoice-page', { fullPage: true });

    // The PDF, the email and the client link say the same.
    const pdf = await pdfText(user, `/invoices/${final.id}/preview`);
    expect(pdf).toContain('Credit note CN0001 −£10.14');
    expect(pdf).toContain(`Balance due ${due}`);
    expect(await emailMessage(page)).toContain(`The amount due is ${due}`);
    const link = await user.api.call<{ url: string }>('POST', `/invoices/${final.id}/share`);
    await page.goto(link.url);
    await expectText(page.getByRole('main'), `Balance due ${due}`);
    await expectText(page.getByRole('main'), 'How to pay');

    // The list row: amount due, with the total beside it, opening the page.
    await signInWithToken(page, user.token, '/invoices');
    await expectText(rowOf(page, 'INV0002'), due);
    await expectText(rowOf(page, 'INV0002'), `of ${gbp(fin.total)}`);
    expect(await rowOf(page, 'INV0002').getByRole('button').count()).toBeLessThanOrEqual(1);
    await expectAccessible(page, '/invoices');
    await saveScreenshot(page, 'invoices-list');

    // The quote's page links its invoices; the credit note has its own page.
    await page.goto(`/quotes/${quote.id}`);
    await visible(page.getByRole('link', { name: 'INV0002' }));
    await expectAccessible(page, '/quotes/:id');
    await saveScreenshot(page, 'quote-page', { fullPage: true });
    await page.goto('/credit-notes');
    await openDocument(page, 'CN0001');
    await expectText(page.getByTestId('document-figures'), 'Total credited -£10.14');
    await expectAccessible(page, '/credit-notes/:id');
    await saveScreenshot(page, 'credit-note-page', { fullPage: true });

    // The credit note is emailed to the client (with its PDF) and shared by link, like an invoice.
    await page.getByRole('main').getByRole('button', { name: 'Send by email' }).click();
    const mail = page.getByRole('dialog', { name: 'Email CN0001' });
    await visible(mail);
    await expect.poll(() => mail.getByLabel('Subject').inputValue()).toBe('Credit note CN0001 from Bright Sparks Electrical');
    await expectText(mail, 'Attachment: CN0001.pdf');
    await mail.getByLabel('To').fill('mrs.patel@example.com');
    await mail.getByRole('button', { name: 'Send email' }).click();
    await expectToast(page, /CN0001 is (in the outbox|being emailed)/);
    await gone(mail);
    await documentAction(page, 'Share link');
    const share = page.getByRole('dialog', { name: 'Share CN0001' });
    await share.getByRole('button', { name: 'Create link' }).click();
    const box = share.getByLabel('Link for your customer');
    await visible(box);
    const noteUrl = await box.inputValue();
    await page.keyboard.press('Escape');
    const customer = await page.context().browser()!.newContext({ viewport: PHONE });
    try {
      const c = await customer.newPage();
      await c.goto(noteUrl);
      await visible(c.getByRole('heading', { level: 1, name: 'Credit note CN0001' }));
      await expectText(c.locator('main'), 'Credit against invoice INV0002. Reason: Socket not fitted');
      await expectText(c.locator('main'), '£10.14');
      expect(await c.getByText('How to pay').count()).toBe(0);
      await expectAccessible(c, '/p/:token credit note');
      await saveScreenshot(c, 'client-link-credit-note-phone', { fullPage: true });
    } finally {
      await customer.close();
    }
    await page.reload();
    const activity = page.getByRole('list', { name: 'History of CN0001' });
    await expectText(activity, 'Viewed by the client');
    await expectText(activity, /Email to mrs\.patel@example\.com/);
  });

  test('when a reverse-charge CIS invoice goes to a contractor, then its page, list row, email and PDF show the same figures', async () => {
    const { page } = session;
    const user = await electrician(session.baseURL);
    const contractor = await user.api.call<{ id: string }>('POST', '/clients', {
      name: 'Apex Contractors Ltd',
      email: 'accounts@apex.example',
      isBusiness: true,
      vatNumber: 'GB987654321',
      cisRate: 20,
    });
    const inv = await user.api.call<{ id: string }>('POST', '/invoices', {
      clientId: contractor.id,
      tax: 20,
      lineItems: [
        { description: 'Second fix labour', quantity: 12, unitPrice: 120, vat: 'RC_STANDARD' },
        { description: 'Cable and accessories', quantity: 1, unitPrice: 672.35, vat: 'RC_STANDARD', kind: 'MATERIALS' },
      ],
    });
    await user.api.invoiceAction(inv.id, 'send');
    await signInWithToken(page, user.token, '/invoices');
    await expectText(rowOf(page, 'INV0001'), '£1,824.35');
    await expectText(rowOf(page, 'INV0001'), 'of £2,112.35');
    await openDocument(page, 'INV0001');
    const figures = page.getByTestId('document-figures');
    await expectText(figures, 'Total £2,112.35');
    await expectText(figures, 'CIS deduction (20% of labour £1,440.00) −£288.00');
    await expectText(figures, 'Amount due £1,824.35');
    await expectText(figures, 'Reverse charge VAT at 20% on £2,112.35 £422.47');
    await expectText(figures, 'Reverse charge: Customer to pay the VAT to HMRC');
    await expectText(page.getByRole('main'), 'The CIS deduction is withheld by the contractor');
    expect(await emailMessage(page)).toContain('The amount due is £1,824.35');
    const pdf = await pdfText(user, `/invoices/${inv.id}/preview`);
    for (const line of [
      'Total £2,112.35',
      'CIS deduction (20% of labour £1,440.00) −£288.00',
      'Amount due £1,824.35',
      'Reverse charge VAT at 20% on £2,112.35 £422.47',
    ])
      expect(pdf).toContain(line);
    await expectAccessible(page, '/invoices/:id reverse charge CIS');
    await saveScreenshot(page, 'invoice-page-cis', { fullPage: true });
  });
});

describe('journey: every document has a page (phone)', () => {
  const session = useBrowser(PHONE);

  test('when a phone user opens an invoice from the list, then the page reads top to bottom with the primary action first and fits the width', async () => {
    const { page } = session;
    const user = await electrician(session.baseURL);
    const client = await user.api.createClient('Mr Jones');
    const inv = await user.api.createInvoice(client.id, [{ description: 'Fuse board', quantity: 1, unitPrice: 1510.29 }]);
    await user.api.invoiceAction(inv.id, 'send');
    await user.api.call('POST', `/invoices/${inv.id}/payments`, { amount: 500 });
    await signInWithToken(page, user.token, '/invoices');
    await openDocument(page, 'INV0001');
    await visible(page.getByRole('button', { name: 'Record payment' }));
    await expectText(page.getByTestId('headline-amount'), '£1,312.35');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // The primary action comes before the document itself.
    const actionTop = (await page.getByRole('button', { name: 'Record payment' }).boundingBox())!.y;
    const figuresTop = (await page.getByTestId('document-figures').boundingBox())!.y;
    expect(actionTop).toBeLessThan(figuresTop);
    await page.getByRole('button', { name: 'More actions' }).click();
    await visible(page.getByRole('menuitem', { name: 'Issue credit note' }));
    await page.keyboard.press('Escape');
    await expectAccessible(page, '/invoices/:id phone');
    await saveScreenshot(page, 'phone-invoice-page', { fullPage: true });
    await page.goto('/invoices');
    // The picture shows the rows, not the loading spinner.
    await visible(page.getByRole('link', { name: /^INV\d{4}$/ }));
    await expectAccessible(page, '/invoices phone');
    await saveScreenshot(page, 'phone-invoices-rows');
  });

  test('when a phone user opens a quote and a credit note, then each page reads top to bottom with its primary action before the document and fits the width', async () => {
    const { page } = session;
    const user = await electrician(session.baseURL);
    const client = await user.api.createClient('Mrs Patel');
    const quote = await user.api.createQuote(client.id, [{ description: 'Consumer unit upgrade', quantity: 1, unitPrice: 450 }]);
    await user.api.quoteAction(quote.id, 'send');
    const inv = await user.api.createInvoice(client.id, [{ description: 'Socket', quantity: 2, unitPrice: 42.5 }]);
    await user.api.invoiceAction(inv.id, 'send');
    const note = await user.api.call<{ id: string }>('POST', `/invoices/${inv.id}/credit-notes`, {
      reason: 'Socket not fitted',
      lineItems: [{ description: 'Socket', quantity: 1, unitPrice: 42.5 }],
    });

    const pages = [
      { path: `/quotes/${quote.id}`, number: 'Q0001', primary: 'Share link', headline: '£540.00', shot: 'phone-quote-page' },
      { path: `/credit-notes/${note.id}`, number: 'CN0001', primary: 'Send by email', headline: '£51.00', shot: 'phone-credit-note-page' },
    ];
    await signInWithToken(page, user.token, '/dashboard');
    for (const p of pages) {
      await page.goto(p.path);
      await visible(page.getByRole('heading', { level: 1, name: p.number }));
      await expectText(page.getByTestId('headline-amount'), p.headline);
      const primary = page.getByRole('main').getByRole('button', { name: p.primary, exact: true });
      await visible(primary);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      // The primary action comes before the document itself.
      expect((await primary.boundingBox())!.y).toBeLessThan((await page.getByTestId('document-figures').boundingBox())!.y);
      await expectAccessible(page, `${p.path.replace(/[0-9a-f-]{36}$/, ':id')} phone`);
      await saveScreenshot(page, p.shot, { fullPage: true });
    }
  });
});
