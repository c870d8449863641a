import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/** Debian's browser; never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const DESKTOP = { width: 1366, height: 768 } as const;
export const PHONE = { width: 390, height: 844 } as const;

const here = path.dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS_DIR = path.resolve(here, '../.artifacts');

const LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
};

/**
 * A browser of the journey file's own. One browser for the whole run, reached over the DevTools
 * protocol (connectOverCDP), was tried: it saves ≈ 1 s of CPU per file, but a 5 MB setInputFiles
 * took 1.7 times as long over its WebSocket as over launch()'s pipe, too close to the 10 s wait
 * on a loaded machine (docs/reliability.md, "CI passes and test databases").
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

export interface Session {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseURL: string;
}

/**
 * One browser per journey file and a fresh context (empty localStorage) per test.
 * A failing test leaves a screenshot in e2e/.artifacts so CI logs can be read with eyes.
 */
export function useBrowser(viewport: { width: number; height: number } = DESKTOP): Session {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('browser not launched');
    context = await browser.newContext({ baseURL, viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(20_000);
    page = await context.newPage();
    page.on('pageerror', (err) => process.stderr.write(`[browser error] ${err.message}\n`));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page && !page.isClosed()) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true }).catch(() => {});
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    get page() {
      if (!page) throw new Error('page is only available inside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('context is only available inside a test');
      return context;
    },
    baseURL,
  };
}
