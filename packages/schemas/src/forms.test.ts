import { describe, expect, it } from 'vitest';
import { ZEventForm } from './forms.ts';
import { MSG } from './messages.ts';

const valid = {
  title: 'Site survey',
  type: 'APPOINTMENT' as const,
  description: '',
  startDate: '2026-11-25T10:00',
  endDate: '2026-11-25T11:00',
  allDay: false,
  location: '',
  color: '#22c55e',
  clientId: '',
  quoteId: '',
  notes: '',
};

const messages = (input: unknown) => {
  const result = ZEventForm.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('ZEventForm', () => {
  it('when title and dates are blank, then each gets the spec message', () => {
    expect(messages({ ...valid, title: '  ', startDate: '', endDate: '' })).toEqual([
      `title: ${MSG.titleRequired}`,
      `startDate: ${MSG.startDateRequired}`,
      `endDate: ${MSG.endDateRequired}`,
    ]);
  });

  it('when the end is before the start, then the end date is refused', () => {
    expect(messages({ ...valid, endDate: '2026-11-25T09:59' })).toEqual([`endDate: ${MSG.endBeforeStart}`]);
  });

  it('when valid, then text is trimmed and blank optional text becomes null', () => {
    expect(ZEventForm.parse({ ...valid, title: ' Survey ', notes: ' ' })).toMatchObject({ title: 'Survey', notes: null, description: null });
  });
});
