import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { useBrowser } from './support/browser.ts';
import { registerUser } from './support/api.ts';
import { documentAction, expectToast, expectUrl, saveScreenshot, signInWithToken, toast, visible } from './support/ui.ts';

/** Issue 21: the defects a new user hit on the first day, each checked on the screen it was seen on. */

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not laid out');
  return b;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const lineItems = [{ description: 'Boiler service', quantity: 1, unitPrice: 120 }];

describe('first day on a desktop (1366x768)', () => {
  const session = useBrowser();

  test('Settings: the toast after Save Changes does not cover the Save button', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-toast');
    await user.api.createCompany();
    await signInWithToken(page, user.token, '/settings');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await expectToast(page, 'Company profile updated successfully');
    const toastBox = await box(toast(page, 'Company profile updated successfully'));
    expect(overlaps(toastBox, await box(save))).toBe(false);
  });

  test('Settings: after a counter reset with INV0001 and INV0002 in use, the next invoice number shows INV0003', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-counter');
    await user.api.createCompany();
    const client = await user.api.createClient('Harbour Bakery');
    // Issued, so INV0001 and INV0002 are in use (a draft has no number until it is issued).
    for (let i = 0; i < 2; i++) await user.api.invoiceAction((await user.api.createInvoice(client.id, lineItems)).id, 'send');
    await signInWithToken(page, user.token, '/settings');
    await page.getByRole('button', { name: 'Reset Invoice Counter' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
    await expectToast(page, 'Invoice counter reset: next invoice is INV0003');
    await visible(page.getByText('Next invoice number:').filter({ hasText: 'INV0003' }));
    const next = await user.api.createInvoice(client.id, lineItems);
    expect(next.invoiceNumber).toBeNull();
    await user.api.invoiceAction(next.id, 'send');
    expect((await user.api.call<{ invoiceNumber: string }>('GET', `/invoices/${next.id}`)).invoiceNumber).toBe('INV0003');
  });

  test('Settings: an SVG or a 5 MB logo is refused when chosen, with the API message, and never previewed', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-logo');
    await user.api.createCompany();
    await signInWithToken(page, user.token, '/settings');
    const input = page.getByLabel('Logo image');
    await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await visible(page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.logoType }));
    expect(await page.getByAltText('Company logo preview').count()).toBe(0);
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024)]);
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: big });
    await visible(page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.logoSize }));
    expect(await page.getByAltText('Company logo preview').count()).toBe(0);
  });

  test('Quotes: a converted quote links its invoice (Draft until issued, then INV0001) and offers no second Convert', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-convert');
    const client = await user.api.createClient('Hilltop Dental');
    const quote = await user.api.createQuote(client.id, lineItems);
    await user.api.quoteAction(quote.id, 'send');
    await user.api.quoteAction(quote.id, 'approve');
    await signInWithToken(page, user.token, '/quotes');
    // "Convert to Invoice" is now "Create invoice" on the quote's page, with the choice of deposit, stage, final or full.
    await page.getByRole('article', { name: quote.quoteNumber }).getByRole('link', { name: quote.quoteNumber }).click();
    await page.getByRole('button', { name: 'Create invoice' }).click();
    const dialog = page.getByRole('dialog', { name: `Invoice quote ${quote.quoteNumber}` });
    await dialog.getByRole('radio', { name: /Full invoice/ }).check();
    await dialog.getByRole('button', { name: 'Create invoice' }).click();
    await expectToast(page, 'Invoice created from quote');
    await expectUrl(page, /^\/invoices\/[0-9a-f-]+$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Draft' }));
    await documentAction(page, 'Mark as sent');
    await visible(page.getByRole('heading', { level: 1, name: 'INV0001' }));
    await page.goto(`/quotes/${quote.id}`);
    const link = page.getByRole('main').getByRole('link', { name: 'INV0001' });
    await visible(link);
    expect(await page.getByRole('button', { name: 'Create invoice' }).count()).toBe(0);
    await link.click();
    await expectUrl(page, /^\/invoices\/[0-9a-f-]+$/);
    await visible(page.getByRole('heading', { level: 1, name: 'INV0001' }));
  });

  test('Calendar: the event dialog footer is on screen, week view opens at 07:00 with business hours shaded, toolbar in the app colours', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-calendar');
    const start = new Date();
    start.setHours(10, 0, 0, 0);
    await user.api.call('POST', '/calendar', {
      title: 'Boiler install',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      type: 'APPOINTMENT',
    });
    await signInWithToken(page, user.token, '/calendar');
    await visible(page.locator('.fc'));
    const toolbarButton = page.getByRole('button', { name: 'Month' });
    const background = await toolbarButton.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(44, 62, 80)'); // FullCalendar's dark default
    expect(['rgb(224, 231, 255)', 'rgb(255, 255, 255)']).toContain(background);

    await page.getByRole('button', { name: 'New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await visible(dialog);
    const create = dialog.getByRole('button', { name: 'Create Event' });
    const createBox = await box(create);
    expect(createBox.y + createBox.height).toBeLessThanOrEqual(768);
    await saveScreenshot(page, 'calendar-event-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Week' }).click();
    const scroller = page.locator('.fc-timegrid-body').locator('xpath=ancestor::div[contains(@class,"fc-scroller")][1]');
    await visible(page.locator('td.fc-timegrid-slot-lane[data-time="07:00:00"]'));
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const scrollerTop = (await box(scroller)).y;
    const sevenTop = (await box(page.locator('td.fc-timegrid-slot-lane[data-time="07:00:00"]'))).y;
    expect(Math.abs(sevenTop - scrollerTop)).toBeLessThan(4);
    expect(await page.locator('.fc-timegrid .fc-non-business').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'calendar-week');
  });

  test("Dashboard: a new account's first screen logs no error and asks for no missing resource", async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-console');
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && r.url().includes('/api/')) errors.push(`${r.status()} ${r.url()}`);
    });
    await signInWithToken(page, user.token, '/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
    // The figures, not the skeletons: on a loaded machine "network idle" can come in the gap
    // between the app's first answers and the dashboard's own request (a CI run counted one icon).
    await visible(page.getByText('Active Invoices', { exact: true }));
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    // Pounds, not dollars: the invoices icon in the sidebar and on the Active Invoices card.
    expect(await page.locator('svg.lucide-receipt-pound-sterling').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('svg.lucide-receipt').count()).toBe(0);
  });
});

export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

describe('drafts on a desktop (1366x768)', () => {
  const session = useBrowser();

  test('Quotes: a reload mid-form offers the unsaved quote back, and Restore brings every value back', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-draft');
    await user.api.createClient('Willow Dental');
    await signInWithToken(page, user.token, '/quotes');
    await page.getByRole('button', { name: 'New Quote' }).click();
    const form = page.getByRole('form', { name: 'Create New Quote' });
    await form.getByLabel('Client').selectOption({ label: 'Willow Dental' });
    await form.getByLabel('Description').first().fill('Replace surgery lighting');
    await form.getByLabel('Unit Price').first().fill('1250');
    await page.reload();
    await visible(page.getByText(/You have an unsaved quote/));
    await saveScreenshot(page, 'quotes-draft-offer');
    await page.getByRole('button', { name: 'Restore draft' }).click();
    const restored = page.getByRole('form', { name: 'Create New Quote' });
    expect(await restored.getByLabel('Description').first().inputValue()).toBe('Replace surgery lighting');
    expect(await restored.getByLabel('Unit Price').first().inputValue()).toBe('1250');
    expect(await restored.getByLabel('Client').locator('option:checked').innerText()).toBe('Willow Dental');
    await restored.getByRole('button', { name: 'Create Quote' }).click();
    await expectToast(page, 'Quote created successfully');
    await page.reload();
    await visible(page.getByRole('article').first());
    expect(await page.getByText(/You have an unsaved quote/).count()).toBe(0);
  });
});

describe('onboarding on a desktop (1366x768)', () => {
  const session = useBrowser();

  test('Dashboard: a new account sees three steps linking to their forms, ticked as done, gone once all are', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-onboard');
    await signInWithToken(page, user.token, '/dashboard');
    const card = page.getByRole('region', { name: 'Get started' });
    await visible(card.getByText('0 of 3 done'));
    await saveScreenshot(page, 'dashboard-get-started');
    await card.getByRole('link', { name: /Add your first client/ }).click();
    await expectUrl(page, '/clients');
    await visible(page.getByRole('heading', { name: 'Add New Client' }));
    await page.goto('/dashboard');
    await card.getByRole('link', { name: /Create your first quote/ }).click();
    await expectUrl(page, '/quotes');
    await visible(page.getByRole('heading', { name: 'Create New Quote' }));

    await user.api.createCompany();
    const client = await user.api.createClient('Meadow Farm');
    await page.goto('/dashboard');
    await visible(card.getByText('2 of 3 done'));
    await visible(card.getByRole('link', { name: /Set up your company profile \(done\)/ }));
    await user.api.createQuote(client.id, lineItems);
    await page.goto('/dashboard');
    await visible(page.getByText('Q0001').first());
    expect(await card.count()).toBe(0);
  });
});

describe('density on a desktop (1366x768)', () => {
  const session = useBrowser();

  test('Quotes and Invoices: at least 10 documents show at once as compact rows opening their pages, sortable by total, number, client and date', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-density');
    const clients = [await user.api.createClient('Zephyr Lofts'), await user.api.createClient('Acorn Nursery')];
    for (let i = 0; i < 12; i++) {
      const items = [{ description: `Job ${i}`, quantity: 1, unitPrice: 100 + ((i * 37) % 11) * 10 }];
      await user.api.createQuote(clients[i % 2]!.id, items);
      // Issued: an invoice is numbered when it is issued, and the rows sort by number.
      await user.api.invoiceAction((await user.api.createInvoice(clients[i % 2]!.id, items)).id, 'send');
    }
    for (const [path, prefix] of [
      ['/quotes', 'Q'],
      ['/invoices', 'INV'],
    ] as const) {
      await signInWithToken(page, user.token, path);
      const rows = page.getByRole('article');
      await visible(rows.first());
      await expect.poll(() => rows.count()).toBe(12);
      let inView = 0;
      for (const row of await rows.all()) {
        const b = await row.boundingBox();
        if (b && b.y >= 0 && b.y + b.height <= 768) inView++;
      }
      expect(inView).toBeGreaterThanOrEqual(10);
      // A row is a link to its page and carries at most one action.
      const first = rows.first();
      expect(await first.getByRole('button').count()).toBeLessThanOrEqual(1);
      expect(await first.getByRole('link').getAttribute('href')).toMatch(new RegExp(`^${path}/[0-9a-f-]+$`));
      await saveScreenshot(page, path === '/quotes' ? 'quotes-compact' : 'invoices-compact');

      const totals = async () => (await rows.allInnerTexts()).map((t) => Number((/£([\d,]+\.\d\d)/.exec(t)?.[1] ?? '0').replace(/,/g, '')));
      await page.getByRole('button', { name: /Sort by Amount/ }).click();
      await expect.poll(async () => (await totals()).join(',')).toBe([...(await totals())].sort((a, b) => a - b).join(','));
      await page.getByRole('button', { name: /Sort by Amount/ }).click();
      await expect.poll(async () => (await totals()).join(',')).toBe([...(await totals())].sort((a, b) => b - a).join(','));
      await page.getByRole('button', { name: /Sort by Number/ }).click();
      await expect.poll(async () => await rows.first().getByRole('heading').innerText()).toBe(`${prefix}0001`);
      await page.getByRole('button', { name: /Sort by Client/ }).click();
      await expect.poll(async () => (await rows.first().innerText()).includes('Acorn Nursery')).toBe(true);
      await page.getByRole('button', { name: /Sort by Date/ }).click();
      await expect.poll(async () => await rows.first().getByRole('heading').innerText()).toBe(`${prefix}0012`);
    }
  });
});

describe('first day on a phone (390x844)', () => {
  const session = useBrowser({ width: 390, height: 844 });

  test('a very long client name never makes a screen scroll sideways, and the phone keeps cards', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'day1-phone');
    const longName = `Northumberland${'Construction'.repeat(6)}Holdings`;
    const client = await user.api.createClient(longName, 'long@example.com');
    const longLine = [{ description: `Supply${'and'.repeat(30)}fit`, quantity: 1, unitPrice: 1_000_000 }];
    const quote = await user.api.createQuote(client.id, longLine);
    await user.api.quoteAction(quote.id, 'send');
    await user.api.createInvoice(client.id, longLine);
    for (const path of ['/dashboard', '/quotes', '/invoices', '/clients', '/calendar']) {
      await signInWithToken(page, user.token, path);
      await page.waitForLoadState('networkidle');
      if (path !== '/calendar') await visible(page.getByText(longName.slice(0, 14)).first());
      await noSidewaysScroll(page);
    }
    await page.goto('/quotes');
    await visible(page.getByRole('article', { name: quote.quoteNumber }));
    // Stacked rows, not the compact grid: the number links to the quote's page.
    await visible(page.getByRole('article', { name: quote.quoteNumber }).getByRole('link', { name: quote.quoteNumber }));
    expect(await page.getByRole('group', { name: 'Sort documents' }).count()).toBe(0);
    await page.goto('/dashboard');
    await visible(page.getByText(longName.slice(0, 14)).first());
    await saveScreenshot(page, 'phone-dashboard-long-name');
  });
});
