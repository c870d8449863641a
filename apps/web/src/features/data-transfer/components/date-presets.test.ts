import { describe, expect, it } from 'vitest';
import { lastQuarter, lastTaxYear, londonToday, taxYear, thisQuarter } from './date-presets';

describe('export date presets', () => {
  it.each([
    ['2026-02-14', { from: '2026-01-01', to: '2026-03-31' }, { from: '2025-10-01', to: '2025-12-31' }],
    ['2026-05-01', { from: '2026-04-01', to: '2026-06-30' }, { from: '2026-01-01', to: '2026-03-31' }],
    ['2026-12-31', { from: '2026-10-01', to: '2026-12-31' }, { from: '2026-07-01', to: '2026-09-30' }],
  ])('when today is %s, then this and last quarter are the calendar quarters', (today, current, previous) => {
    expect(thisQuarter(today)).toEqual(current);
    expect(lastQuarter(today)).toEqual(previous);
  });

  it.each([
    ['2026-04-05', { from: '2025-04-06', to: '2026-04-05' }],
    ['2026-04-06', { from: '2026-04-06', to: '2027-04-05' }],
    ['2027-01-10', { from: '2026-04-06', to: '2027-04-05' }],
  ])('when today is %s, then the tax year runs 6 April to 5 April', (today, year) => {
    expect(taxYear(today)).toEqual(year);
  });

  it('when asked for last tax year, then it is the one before', () => {
    expect(lastTaxYear('2026-04-06')).toEqual({ from: '2025-04-06', to: '2026-04-05' });
  });

  it('when it is 23:30 UTC on 31 March in summer time, then London is already on 1 April', () => {
    expect(londonToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
  });
});
