import { describe, expect, it } from 'vitest';
import { ZEventForm } from '@docket/schemas/forms';
import { eventColor, formToRequest, quoteFollowUpForm, toLocalInput } from './event-form-values';

describe('event form values', () => {
  it('when a date has seconds, then the datetime-local value is cut to the minute in local time', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 9, 7, 59, 999))).toBe('2026-01-05T09:07');
  });

  it('when a form is turned into a request, then local date-times become the same instants in ISO and blanks become null', () => {
    const parsed = ZEventForm.parse({
      ...quoteFollowUpForm({ id: '33333333-3333-4333-8333-000000000001', quoteNumber: 'Q0001', clientId: '', client: { id: '', name: '' } }),
      startDate: '2026-07-01T09:30',
      endDate: '2026-07-01T10:00',
      location: '   ',
    });
    const body = formToRequest(parsed);
    expect(body.startDate).toBe(new Date(2026, 6, 1, 9, 30).toISOString());
    expect(body.endDate).toBe(new Date(2026, 6, 1, 10, 0).toISOString());
    expect(body).toMatchObject({ title: 'Follow-up: Client', clientId: null, location: null, status: 'SCHEDULED', invoiceId: null });
  });

  it('when a follow-up is made from a quote, then it is tomorrow 09:00 for 30 minutes at the site address', () => {
    const form = quoteFollowUpForm(
      {
        id: '33333333-3333-4333-8333-000000000002',
        quoteNumber: 'Q0002',
        clientId: '',
        client: { id: '', name: 'Riverside Cafe' },
        siteAddress: '2 Canal Street\nManchester',
      },
      new Date(2026, 10, 26, 15, 42),
    );
    expect(form).toMatchObject({ startDate: '2026-11-27T09:00', endDate: '2026-11-27T09:30', allDay: false, location: '2 Canal Street, Manchester' });
    const noSite = quoteFollowUpForm(
      { id: '33333333-3333-4333-8333-000000000003', quoteNumber: 'Q0003', clientId: '', client: { id: '', name: 'X' }, siteAddress: null },
      new Date(2026, 11, 31, 8, 0),
    );
    expect(noSite).toMatchObject({ startDate: '2027-01-01T09:00', endDate: '2027-01-01T09:30', location: '' });
  });

  it('when an event has no colour, then it shows its type colour', () => {
    expect(eventColor({ color: '', type: 'INVOICE_FOLLOW_UP' })).toBe('#ef4444');
    expect(eventColor({ color: '#8b5cf6', type: 'MEETING' })).toBe('#8b5cf6');
  });
});
