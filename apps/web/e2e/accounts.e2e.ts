import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useBrowser, PHONE } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser, uniqueEmail } from './support/api.ts';
import { expectToast, expectUrl, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

/** The invitation link as the outbox holds it (journeys run without a mail server). */
async function invitationLink(baseURL: string, ownerToken: string, to: string): Promise<string> {
  const outbox = await fetch(`${baseURL}/api/email/outbox`, { headers: { authorization: `Bearer ${ownerToken}` } });
  const messages = ((await outbox.json()) as { data: { kind: string; to: string[]; textBody: string }[] }).data;
  const text = messages.find((m) => m.kind === 'invitation' && m.to.includes(to))?.textBody ?? '';
  const link = /(\/accept-invitation\?token=[\w%-]+)/.exec(text);
  if (!link) throw new Error(`no invitation for ${to} in the outbox`);
  return link[1]!;
}

describe('journey: a business with a team (docs/product.md, "Accounts and roles")', () => {
  const session = useBrowser();

  test('when the owner invites an office member and an engineer, then they join; the engineer sees no prices and no invoices; once removed, their next request is refused', async () => {
    const { page, context, baseURL } = session;
    const owner = await registerUser(baseURL, 'owner');
    await owner.api.createCompany('Bright Sparks Electrical');
    const client = await owner.api.createClient('Mrs Patel');
    await owner.api.createItem('Callout', 'First hour on site', 65);
    const quote = await owner.api.createQuote(client.id, [{ description: 'Rewire kitchen', quantity: 1, unitPrice: 1234.56 }]);
    const invoice = await owner.api.createInvoice(client.id, [{ description: 'Survey', quantity: 1, unitPrice: 80 }]);
    const visit = {
      title: 'Kitchen rewire visit',
      startDate: new Date(Date.now() + 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 7_200_000).toISOString(),
      clientId: client.id,
      quoteId: quote.id,
    };
    const visitEvent = await owner.api.call<{ id: string }>('POST', '/calendar', visit);

    // The owner gives the name the team sees, from their profile.
    await signInWithToken(page, owner.token, '/profile');
    await page.getByRole('form', { name: 'Your name' }).getByLabel('Name').fill('Priya Bright');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expectToast(page, 'Your name is saved');
    await expectAccessible(page, '/profile');

    // The owner invites two people from Settings → Team.
    await page.goto('/settings/team');
    await visible(page.getByRole('heading', { name: 'Team' }));
    const officeEmail = uniqueEmail('office');
    const engineerEmail = uniqueEmail('engineer');
    for (const [email, role] of [
      [officeEmail, 'OFFICE'],
      [engineerEmail, 'ENGINEER'],
    ] as const) {
      const form = page.getByRole('form', { name: 'Invite someone' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Role').selectOption(role);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expectToast(page, `Invitation sent to ${email}`);
    }
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await visible(pending.getByText(officeEmail));
    await visible(pending.getByText(engineerEmail));
    await expectAccessible(page, '/settings/team');
    await saveScreenshot(page, 'team-settings');

    // The engineer opens the link from the outbox, signs up with the invited address and joins.
    const engineerPage = await context
      .browser()!
      .newContext({ baseURL, viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' })
      .then((c) => c.newPage());
    await engineerPage.goto(await invitationLink(baseURL, owner.token, engineerEmail));
    await engineerPage.getByRole('link', { name: 'Create your login' }).click();
    await engineerPage.getByLabel('Email').fill(engineerEmail);
    await engineerPage.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await engineerPage.getByLabel('Confirm Password').fill('secret-pass-1');
    await engineerPage.getByRole('button', { name: 'Sign Up' }).click();
    // they give the name the team will see, then join
    const join = engineerPage.getByRole('form', { name: 'Join' });
    await join.getByLabel('Your name').fill('Sam Spark');
    await join.getByRole('button', { name: 'Join' }).click();
    await visible(engineerPage.getByText(/You joined Bright Sparks Electrical as Engineer/));
    // The owner gives the visit to the engineer, whose calendar opens on their own events.
    const team = await owner.api.call<Array<{ userId: string; email: string }>>('GET', '/account/members');
    const engineerId = team.find((m) => m.email === engineerEmail)!.userId;
    await owner.api.call('PUT', `/calendar/${visitEvent.id}`, { ...visit, assigneeId: engineerId });
    await engineerPage.getByRole('button', { name: 'Open Bright Sparks Electrical' }).click();
    await expectUrl(engineerPage, '/calendar');
    await visible(engineerPage.getByText('Kitchen rewire visit').first());
    await saveScreenshot(engineerPage, 'phone-engineer-calendar');

    // No prices anywhere the engineer goes, and no invoices.
    await engineerPage.goto('/quotes');
    await visible(engineerPage.getByText(quote.quoteNumber).first());
    expect(await engineerPage.locator('main').innerText()).not.toMatch(/£|1,234\.56/);
    await engineerPage.goto('/items');
    await visible(engineerPage.getByText('Callout').first());
    expect(await engineerPage.locator('main').innerText()).not.toMatch(/£\s?65/);
    const engineerToken = await engineerPage.evaluate(() => localStorage.getItem('token'));
    const refused = await fetch(`${baseURL}/api/invoices/${invoice.id}`, { headers: { authorization: `Bearer ${engineerToken}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, error: 'Your role does not allow this' });
    // …and the invoice's page, opened by its address on the phone, says so and shows nothing of it
    await engineerPage.goto(`/invoices/${invoice.id}`);
    await visible(engineerPage.getByText('Your role does not allow this').first());
    expect(await engineerPage.locator('main').innerText()).not.toMatch(/£|Survey/);

    // The office member joins too, from their own link (through the API, as the accept page does).
    const officeLink = new URL(await invitationLink(baseURL, owner.token, officeEmail), baseURL);
    const signUp = await fetch(`${baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: officeEmail, password: 'secret-pass-1' }),
    });
    const officeToken = ((await signUp.json()) as { data: { token: string } }).data.token;
    const joined = await fetch(`${baseURL}/api/account/invitations/${officeLink.searchParams.get('token')}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${officeToken}` },
      body: '{}',
    });
    expect(((await joined.json()) as { data: { role: string } }).data.role).toBe('OFFICE');

    // The owner removes the engineer; their next request is refused and the app sends them to sign in.
    await page.reload();
    const members = page.getByRole('list', { name: 'Members' });
    await visible(members.getByText(engineerEmail));
    await visible(members.getByText('Sam Spark'));
    await page.getByRole('button', { name: `Remove ${engineerEmail}` }).click();
    await expectToast(page, `${engineerEmail} removed`);
    const after = await fetch(`${baseURL}/api/clients`, { headers: { authorization: `Bearer ${engineerToken}` } });
    expect(after.status).toBe(401);
    await engineerPage.goto('/clients');
    await expectUrl(engineerPage, '/login');
    await engineerPage.context().close();
  });

  test("when an accountant serves two businesses, then they switch between them and export each one's VAT return", async () => {
    const { page, baseURL } = session;
    const accountant = await registerUser(baseURL, 'accountant');
    const businesses: { name: string; invoiceNumber: string }[] = [];
    for (const name of ['Pipes & Co', 'Sparks Ltd']) {
      const owner = await registerUser(baseURL, 'client-owner');
      await owner.api.createCompany(name, `office@${name.replace(/\W+/g, '').toLowerCase()}.example`);
      const client = await owner.api.createClient(`Customer of ${name}`);
      const invoice = await owner.api.createInvoice(client.id, [{ description: 'Work', quantity: 1, unitPrice: name === 'Pipes & Co' ? 100 : 250 }]);
      await owner.api.invoiceAction(invoice.id, 'send');
      const inv = await owner.api.call<{ url: string }>('POST', '/account/invitations', { email: accountant.email, role: 'ACCOUNTANT' });
      await accountant.api.call('POST', `/account/invitations/${new URL(inv.url).searchParams.get('token')}/accept`, {});
      businesses.push({ name, invoiceNumber: invoice.invoiceNumber });
    }

    await signInWithToken(page, accountant.token, '/dashboard');
    const switcher = page.getByLabel('Business').first();
    await visible(switcher);
    for (const [i, business] of businesses.entries()) {
      await switcher.locator('option', { hasText: business.name }).waitFor({ state: 'attached' });
      const option = (await switcher.locator('option').allInnerTexts()).find((t) => t.startsWith(business.name));
      expect(option).toBe(`${business.name} (Accountant)`);
      const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));
      await switcher.selectOption({ label: option! });
      // The switch answers with a session for the other business: until it is stored, a page load
      // still works in the one before (the dashboard is already open, so its URL proves nothing).
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBe(tokenBefore);
      await expectUrl(page, '/dashboard');
      await page.goto('/reports');
      await visible(page.getByTestId('vat-report'));
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const csv = readFileSync(await (await downloading).path(), 'utf8');
      // each business's own sales: £100 or £250 plus 20% VAT
      expect(csv).toContain(i === 0 ? '"Box 1 (VAT due on sales)","20.00"' : '"Box 1 (VAT due on sales)","50.00"');
      // an accountant changes nothing: no Team screen, no new-invoice button
      expect(await page.getByRole('link', { name: 'Team' }).count()).toBe(0);
      await page.goto('/settings');
    }
  });
});
