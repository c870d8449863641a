import { describe, expect, it } from 'vitest';
import { periodDate, scheduledDate } from './recurring.ts';

describe('periodDate', () => {
  it('monthly from 31 January: 28 February, 31 March, 30 April; 29 February in a leap year', () => {
    expect([0, 1, 2, 3].map((n) => periodDate('2027-01-31', 'MONTHLY', n))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(periodDate('2028-01-31', 'MONTHLY', 1)).toBe('2028-02-29');
  });
  it('quarterly from 30 November crosses the year and clamps February', () => {
    expect([0, 1, 2, 3].map((n) => periodDate('2026-11-30', 'QUARTERLY', n))).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
  });
  it('yearly from 29 February 2028: 28 February in the years between, 29 February again in 2032', () => {
    expect([0, 1, 4].map((n) => periodDate('2028-02-29', 'YEARLY', n))).toEqual(['2028-02-29', '2029-02-28', '2032-02-29']);
  });
  it('weekly adds seven days across a month end', () => {
    expect(periodDate('2027-01-28', 'WEEKLY', 1)).toBe('2027-02-04');
  });
  it('a schedule ends at its count or after its end date', () => {
    const s = { startDate: '2027-01-31', frequency: 'MONTHLY' as const, endDate: '2027-03-30', count: null };
    expect(scheduledDate(s, 1)).toBe('2027-02-28');
    expect(scheduledDate(s, 2)).toBeNull();
    expect(scheduledDate({ ...s, endDate: null, count: 2 }, 2)).toBeNull();
  });
});
