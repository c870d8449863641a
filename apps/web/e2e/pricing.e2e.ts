import { describe, expect, test } from 'vitest';
import { PLANS } from '@docket/schemas/plans';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { expectToast, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

describe('journey 7: pricing', () => {
  const session = useBrowser();

  test('when a user (on Pro, as the sidebar says) opens Pricing at 1366x768, then Pro is the disabled Current Plan, Free offers Switch Plan, templates are counted truly, and Upgrade Now says Coming Soon', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey7');
    await signInWithToken(page, user.token, '/pricing');

    await visible(page.getByRole('heading', { name: 'Simple, Transparent Pricing' }));
    for (const plan of Object.values(PLANS)) {
      await visible(page.getByRole('heading', { name: plan.name, exact: true }));
    }
    await visible(page.getByText('Most Popular'));
    await visible(page.getByText('Need Help Choosing?'));
    await visible(page.getByRole('button', { name: 'Contact Sales' }));

    const current = page.getByRole('button', { name: 'Current Plan' });
    expect(await current.count()).toBe(1);
    expect(await current.isDisabled()).toBe(true);
    const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    // The sidebar's plan and the pricing page's current plan are the same answer.
    await visible(page.getByRole('region', { name: 'Subscription' }).getByText(PLANS.PRO.name, { exact: true }));
    expect(await card(PLANS.PRO.name).getByRole('button', { name: 'Current Plan' }).count()).toBe(1);
    expect(await card(PLANS.FREE.name).getByRole('button', { name: 'Switch Plan' }).count()).toBe(1);
    const popularCard = page.getByRole('listitem').filter({ hasText: 'Most Popular' });
    expect(await popularCard.getByRole('heading', { name: PLANS.PRO.name, exact: true }).count()).toBe(1);
    const upgrades = page.getByRole('button', { name: 'Upgrade Now' });
    expect(await upgrades.count()).toBe(1);
    expect(await card(PLANS.UNLIMITED.name).getByRole('button', { name: 'Upgrade Now' }).count()).toBe(1);
    expect(await page.getByText('All 5 PDF templates').count()).toBe(2);
    expect(await page.getByText(/10 PDF templates/).count()).toBe(0);

    await expectAccessible(page, '/pricing');
    await saveScreenshot(page, 'pricing');

    await upgrades.first().click();
    await expectToast(page, 'Coming Soon');
    await expectToast(page, 'Payment processing will be available soon. Contact us for manual upgrade.');
    await expectAccessible(page, '/pricing with Coming Soon toast');
  });
});
