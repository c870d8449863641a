import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Click a Preview PDF button and return the MIME type of what the new tab ends up holding.
 * The app opens the tab at once, then points it at a blob: URL once the PDF has arrived.
 */
export async function previewPdfType(page: Page, trigger: Locator): Promise<string> {
  const popupPromise = page.waitForEvent('popup');
  await trigger.click();
  const popup = await popupPromise;
  try {
    await expect.poll(() => popup.url(), { timeout: 15_000, interval: 100 }).toMatch(/^blob:/);
    await popup.waitForLoadState('load');
    // What the tab's document was loaded as (the app's CSP keeps blob: out of fetch, so ask the document).
    return await popup.evaluate(() => document.contentType);
  } finally {
    await popup.close();
  }
}
