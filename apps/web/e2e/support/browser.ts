import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, inject } from 'vitest';

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
 * A browser over launch()'s pipe. One browser for the whole run, reached over the DevTools
 * protocol (connectOverCDP), was tried: it saves ≈ 1 s of CPU per file, but a 5 MB setInputFiles
 * took 1.7 times as long over its WebSocket as over the pipe, too close to the 10 s wait on a
 * loaded machine (docs/reliability.md, "CI passes and test databases").
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/**
 * One browser per worker process (the journeys share a module graph per worker: isolate: false),
 * launched by its first journey file and used by the files after it, instead of a launch per
 * file. Each test still gets a context of its own (empty storage, its viewport, its timeouts),
 * closed after it. The browser ends with its worker: playwright kills what it launched when the
 * process exits, and Chromium ends when its pipe closes if the worker is killed outright. One that
 * crashed or lost its connection is launched again.
 */
let workerBrowser: Promise<Browser> | undefined;
async function browserOfThisWorker(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchChromium();
  return workerBrowser;
}

export interface Session {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseURL: string;
}

/**
 * The worker's browser and a fresh context (empty localStorage) per test.
 * A failing test leaves a screenshot in e2e/.artifacts so CI logs can be read with eyes.
 */
export function useBrowser(viewport: { width: number; height: number } = DESKTOP): Session {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await browserOfThisWorker();
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
