import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';

describe('harness', () => {
  const session = useBrowser();

  test('when the built app is served, then Chromium loads it and the API answers on the same origin', async () => {
    const { page } = session;
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/text\/html/);
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health).toMatchObject({ success: true, data: { status: 'ok' } });
  });
});
