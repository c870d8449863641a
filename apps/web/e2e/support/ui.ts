import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialog, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
// The README's pictures are refreshed on request only (E2E_SCREENSHOTS=1), so an ordinary test
// run never dirties the working tree; otherwise they land beside the failure artifacts for the
// developer to look at. CI takes none unless asked: nobody looks at them there (a failing journey
// still leaves its own screenshot), and a full-page picture costs Chromium about 1.2 s of CPU.
const REFRESH_DOCS = process.env.E2E_SCREENSHOTS === '1';
const CAPTURE = REFRESH_DOCS || process.env.CI !== 'true';
export const SCREENSHOTS_DIR = REFRESH_DOCS ? path.resolve(here, '../../../../docs/screenshots') : path.resolve(here, '../.artifacts/screenshots');

/** Web-first wait: the locator becomes visible (default timeout from the context). */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function gone(locator: Locator, timeout?: number): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Retry until the element's text matches, like Playwright's toHaveText. */
export async function expectText(locator: Locator, expected: string | RegExp, timeout = 10_000): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) ? ((await locator.first().innerText()) ?? '').replace(/\s+/g, ' ').trim() : ''), {
      timeout,
      interval: 100,
    })
    .toMatch(typeof expected === 'string' ? new RegExp(escapeRegExp(expected)) : expected);
}

export async function expectUrl(page: Page, pathname: string | RegExp, timeout = 10_000): Promise<void> {
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout, interval: 100 })
    .toMatch(typeof pathname === 'string' ? new RegExp(`^${escapeRegExp(pathname)}$`) : pathname);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A toast in the notifications region (one at a time: docs/product.md, "Screens"), matched on its text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: text });
}

/**
 * `timeout` past the context's default for an action whose answer may take long on a loaded
 * machine (a server's first PDF render starts its render worker and loads its fonts): the limit
 * ends a hang, it does not judge speed.
 */
export async function expectToast(page: Page, text: string | RegExp, timeout?: number): Promise<void> {
  await visible(toast(page, text), timeout);
}

/**
 * Click a delete button and accept the confirmation, whether the screen uses window.confirm
 * or an alert dialog. Returns the confirmation text so the journey can check it verbatim.
 */
export async function confirmDelete(page: Page, trigger: Locator, confirmLabel: RegExp = /^(delete|confirm|yes)/i): Promise<string> {
  let nativeMessage: string | undefined;
  const onDialog = (dialog: Dialog) => {
    nativeMessage = dialog.message();
    void dialog.accept();
  };
  page.once('dialog', onDialog);
  await trigger.click();
  const alert = page.getByRole('alertdialog');
  await expect.poll(async () => nativeMessage !== undefined || (await alert.isVisible().catch(() => false)), { timeout: 5_000, interval: 50 }).toBe(true);
  if (nativeMessage !== undefined) return nativeMessage;
  page.off('dialog', onDialog);
  const text = (await alert.innerText()).replace(/\s+/g, ' ').trim();
  await alert.getByRole('button', { name: confirmLabel }).click();
  await gone(alert);
  return text;
}

/**
 * Save a README screenshot to docs/screenshots/<name>.png: toasts dismissed and focus dropped so
 * the picture shows the screen. `fullPage` grows the viewport to the page's height instead of
 * stitching, so the fixed sidebar spans the whole picture.
 */
export async function saveScreenshot(page: Page, name: string, opts: { fullPage?: boolean; keepToasts?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  if (!opts.keepToasts) {
    const region = page.getByRole('region', { name: /notifications/i });
    for (const close of await region.getByRole('button', { name: /dismiss/i }).all()) await close.click().catch(() => {});
    await region
      .locator('li')
      .first()
      .waitFor({ state: 'detached', timeout: 3_000 })
      .catch(() => {});
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  if (!CAPTURE) return;
  const original = page.viewportSize();
  if (opts.fullPage && original) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: original.width, height: Math.max(height, original.height) });
  }
  try {
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled' });
  } finally {
    if (opts.fullPage && original) await page.setViewportSize(original);
  }
}

/** Money as the screens render it: £1,234.50. */
export function gbp(pounds: number): string {
  return `£${pounds.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** True when the document is wider than the viewport (horizontal scrolling). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * Put a token where the app keeps it (localStorage 'token'), as a signed-in browser would have.
 * localStorage belongs to the origin, so any page of it will do: the health answer (a few bytes of
 * JSON) instead of the app, whose first load in a new context cost Chromium about 1 s of CPU.
 */
export async function signInWithToken(page: Page, token: string, landing = '/dashboard'): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(landing);
}

/**
 * The list entry (every list screen renders its rows as <li>) holding `text`. Document rows carry
 * at most one action (their page has the rest), so `_button` no longer narrows them.
 */
export function cardWith(page: Page, text: string | RegExp, _button?: string | RegExp): Locator {
  return page.getByRole('listitem').filter({ hasText: text });
}

/** The list row of a document (its number is the row's link). */
export function rowOf(page: Page, number: string): Locator {
  return page.getByRole('article', { name: number, exact: true });
}

/** Open a document's page from its list row. */
export async function openDocument(page: Page, number: string): Promise<void> {
  await rowOf(page, number).getByRole('link', { name: number, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: number }));
}

/** Run an action on a document's page: the primary button when it is that action, else the item in "More actions". */
export async function documentAction(page: Page, label: string): Promise<void> {
  const main = page.getByRole('main');
  const primary = main.getByRole('button', { name: label, exact: true });
  if ((await primary.count()) > 0 && (await primary.first().isVisible())) {
    await primary.first().click();
    return;
  }
  await main.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}
