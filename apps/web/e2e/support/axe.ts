import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Nothing is loading and no finite animation or transition is running (spinners loop forever). */
function settled(): boolean {
  return (
    !document.querySelector('[aria-busy="true"]') &&
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)
  );
}

/**
 * Run axe-core on the page as it is now; fail on any serious or critical violation, naming the
 * rule and the offending elements. A soft failure: the journey goes on, so one run reports every
 * screen's violations and every functional failure. While a modal dialog is open the page behind
 * it is inert and dimmed by the overlay, so only the dialog is checked then.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // The screen as it settles, not mid-change: a list that is fetching shows its previous rows
  // dimmed (aria-busy) and an element fading in has a blended colour, either of which axe reads as
  // too little contrast (a credit-notes run failed so when its filter was cleared on a loaded machine).
  await expect.poll(() => page.evaluate(settled), { timeout: 10_000, interval: 50 }).toBe(true);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated over the DevTools protocol, so the app's Content-Security-Policy stays on.
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Element | Document, opts: object) => Promise<AxeResults> } }).axe;
    const modal = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].pop();
    return axe.run(modal ?? document, { resultTypes: ['violations'] });
  });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`)
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help}\n${nodes}`;
    })
    .join('\n');
  expect.soft(bad.length, `axe: serious/critical violations on ${screen}:\n${report}\n`).toBe(0);
}
