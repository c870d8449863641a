import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG } from '@docket/schemas/messages';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { registerUser } from './support/api.ts';
import { londonDatePlus } from './support/dates.ts';
import { confirmDelete, expectText, expectToast, gone, saveScreenshot, signInWithToken, visible } from './support/ui.ts';

const YELLOW = 'rgb(250, 204, 21)'; // #facc15, the follow-up colour

/** FullCalendar renders events as plain elements; its class names are the only handle. */
const calendarEvent = (page: Page, title: string): Locator => page.locator('.fc-event').filter({ hasText: title });

/** Drag across the week view's time grid in today's column, from one slot to the end of another. */
async function selectRange(page: Page, day: string, from: string, to: string) {
  const column = page.locator(`td.fc-timegrid-col[data-date="${day}"]`);
  const fromSlot = page.locator(`td.fc-timegrid-slot-lane[data-time="${from}"]`);
  const toSlot = page.locator(`td.fc-timegrid-slot-lane[data-time="${to}"]`);
  // Week and day views scroll inside the calendar: centre the slot so the drag stays clear of the
  // scroller's edges (near an edge FullCalendar scrolls while dragging and the range grows).
  await fromSlot.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const col = await column.boundingBox();
  const a = await fromSlot.boundingBox();
  const b = await toSlot.boundingBox();
  if (!col || !a || !b) throw new Error('time grid not laid out');
  const x = col.x + col.width / 2;
  await page.mouse.move(x, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe('journey 6: calendar', () => {
  const session = useBrowser();

  test('when a user creates, views, edits and deletes events and a quote follow-up, then the calendar follows', async () => {
    const { page } = session;
    const user = await registerUser(session.baseURL, 'journey6');
    const client = await user.api.createClient('Riverside Cafe');
    const quote = await user.api.call<{ id: string; quoteNumber: string }>('POST', '/quotes', {
      clientId: client.id,
      lineItems: [{ description: 'Kitchen extraction survey', quantity: 1, unitPrice: 180 }],
      tax: 20,
      siteAddress: '2 Canal Street, Manchester',
    });
    await user.api.quoteAction(quote.id, 'send');
    await user.api.quoteAction(quote.id, 'approve');
    const today = londonDatePlus(0);
    await signInWithToken(page, user.token, '/calendar');

    await visible(page.getByRole('heading', { name: 'Calendar', exact: true }));
    await visible(page.getByText('Manage your appointments and follow-ups'));
    await visible(page.getByText('No events found. Create your first event to get started!'));
    expect(await page.locator('.fc').count()).toBe(0);
    await expectAccessible(page, '/calendar (empty)');

    // The first event comes from New Event: without events there is no calendar to select on.
    await page.getByRole('button', { name: 'New Event' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await visible(dialog);
    await visible(dialog.getByText('Add a new calendar event'));
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await visible(dialog.getByText(MSG.titleRequired));
    await expectAccessible(page, 'create event dialog with errors');
    await dialog.getByLabel('Title').fill('Site survey');
    await dialog.getByLabel('Start Date').fill(`${today}T09:00`);
    await dialog.getByLabel('End Date').fill(`${today}T10:00`);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created successfully');
    await gone(dialog);
    await visible(calendarEvent(page, 'Site survey'));

    // Week view: selecting 14:00-15:00 today opens the form with start and end prefilled.
    await page.getByRole('button', { name: /^week/i }).click();
    await visible(page.locator('.fc-timeGridWeek-view'));
    await selectRange(page, today, '14:00:00', '14:30:00');
    dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await visible(dialog);
    expect(await dialog.getByLabel('Start Date').inputValue()).toBe(`${today}T14:00`);
    expect(await dialog.getByLabel('End Date').inputValue()).toBe(`${today}T15:00`);
    await dialog.getByLabel('Title').fill('Boiler install');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created successfully');
    await gone(dialog);

    await page.getByRole('button', { name: /^month/i }).click();
    await visible(page.locator('.fc-dayGridMonth-view'));
    const todayCell = page.locator(`td.fc-daygrid-day[data-date="${today}"]`);
    await visible(calendarEvent(page, 'Boiler install'));
    expect(await todayCell.locator('.fc-event').filter({ hasText: 'Boiler install' }).count()).toBe(1);

    // Detail dialog, then edit.
    await calendarEvent(page, 'Boiler install').click();
    let detail = page.getByRole('dialog', { name: 'Boiler install' });
    await visible(detail);
    await visible(detail.getByText('No description provided'));
    await expectAccessible(page, 'event detail dialog');
    await detail.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await visible(edit);
    await visible(edit.getByText('Update event details'));
    expect(await edit.getByLabel('Start Date').inputValue()).toBe(`${today}T14:00`);
    await edit.getByLabel('Title').fill('Combi boiler install');
    await edit.getByLabel('Location').fill('14 Canal Street, Manchester');
    await edit.getByRole('button', { name: 'Update Event' }).click();
    await expectToast(page, 'Event updated successfully');
    await gone(edit);
    await visible(calendarEvent(page, 'Combi boiler install'));

    await calendarEvent(page, 'Combi boiler install').click();
    detail = page.getByRole('dialog', { name: 'Combi boiler install' });
    await visible(detail.getByText('14 Canal Street, Manchester'));
    const question = await confirmDelete(page, detail.getByRole('button', { name: 'Delete' }));
    expect(question).toContain('Are you sure you want to delete this event?');
    await expectToast(page, 'Event deleted successfully');
    await gone(calendarEvent(page, 'Combi boiler install'));

    // A follow-up from the approved quote: yellow, titled after the client.
    await page.getByRole('button', { name: 'From Quote' }).click();
    const picker = page.getByRole('dialog', { name: 'Create Event from Quote' });
    await visible(picker.getByText('Select an approved quote to create a follow-up event'));
    const choice = picker.getByRole('button').filter({ hasText: quote.quoteNumber });
    await expectText(choice, /Riverside Cafe/);
    await expectText(choice, /Status: APPROVED/);
    await expectAccessible(page, 'from-quote dialog');
    await choice.click();
    dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await visible(dialog);
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Follow-up: Riverside Cafe');
    expect(await dialog.getByLabel('Description').inputValue()).toBe(`Follow-up for quote ${quote.quoteNumber}`);
    expect(await dialog.getByLabel('Type').inputValue()).toBe('QUOTE_FOLLOW_UP');
    expect(await dialog.getByLabel('Color').inputValue()).toBe('#facc15');
    expect(await dialog.getByLabel('Client').inputValue()).toBe(client.id);
    // docs/product.md, "Defaults": tomorrow 09:00 for 30 minutes at the quote's site address.
    expect(await dialog.getByLabel('Start Date').inputValue()).toBe(`${londonDatePlus(1)}T09:00`);
    expect(await dialog.getByLabel('End Date').inputValue()).toBe(`${londonDatePlus(1)}T09:30`);
    expect(await dialog.getByLabel('Location').inputValue()).toBe('2 Canal Street, Manchester');
    // Today, so it shows in this month whatever the hour.
    await dialog.getByLabel('Start Date').fill(`${today}T16:00`);
    await dialog.getByLabel('End Date').fill(`${today}T16:30`);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created successfully');
    await gone(dialog);
    const followUp = calendarEvent(page, 'Follow-up: Riverside Cafe');
    await visible(followUp);
    await expectAccessible(page, '/calendar month view');
    await saveScreenshot(page, 'calendar', { fullPage: true });

    // The colour the user sees: a block's background or border, or the dot of a timed event.
    const shownColours = (event: Locator) =>
      event.evaluate((el) => {
        const dot = el.querySelector('.fc-daygrid-event-dot');
        return [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderColor, dot ? getComputedStyle(dot).borderColor : ''];
      });
    await page.getByRole('button', { name: /^week/i }).click();
    await visible(page.locator('.fc-timeGridWeek-view'));
    expect(await shownColours(calendarEvent(page, 'Follow-up: Riverside Cafe')), 'follow-up colour in week view').toContain(YELLOW);
    await page.getByRole('button', { name: /^month/i }).click();
    await visible(page.locator('.fc-dayGridMonth-view'));
    expect(await shownColours(calendarEvent(page, 'Follow-up: Riverside Cafe')), 'follow-up colour in month view').toContain(YELLOW);
  });
});
