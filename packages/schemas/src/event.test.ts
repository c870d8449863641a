import { describe, expect, it } from 'vitest';
import { ZEventRequest, ZRangeParams } from './event.ts';

describe('ZEventRequest', () => {
  it('when the start date is empty, then a field error rather than a crash in the end-after-start rule', () => {
    const result = ZEventRequest.safeParse({ title: 'Visit', startDate: '', endDate: '2030-01-01T10:00:00Z' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['startDate', 'Start date is required']]);
  });

  it('when the end is before the start, then End date must be after start date on endDate', () => {
    const result = ZEventRequest.safeParse({ title: 'Visit', startDate: '2030-01-01T10:00:00Z', endDate: '2030-01-01T09:00:00Z' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['endDate', 'End date must be after start date']]);
  });

  it('when only required fields are given, then the section 5 defaults', () => {
    const result = ZEventRequest.parse({ title: 'Visit', startDate: '2030-01-01', endDate: '2030-01-01' });
    expect(result).toMatchObject({ allDay: false, status: 'SCHEDULED', type: 'APPOINTMENT', color: null, clientId: null });
  });
});

describe('ZRangeParams', () => {
  it('when start is after end, then Start must be before end', () => {
    const result = ZRangeParams.safeParse({ start: '2030-01-02', end: '2030-01-01' });
    expect(result.error?.issues[0]?.message).toBe('Start must be before end');
  });
});
