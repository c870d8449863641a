import { describe, expect, test } from 'vitest';
import { londonToday, quarterPresets } from './quarter-presets';

describe('quarterPresets', () => {
  test('when it is the small hours of 1 July in London (still 30 June in UTC), then Q3 is offered first', () => {
    const now = new Date('2026-06-30T23:30:00Z');
    expect(londonToday(now)).toBe('2026-07-01');
    expect(quarterPresets(londonToday(now))[0]).toEqual(['Q3 2026 (2026-07-01 to 2026-09-30)', '2026-07-01', '2026-09-30']);
  });

  test('when today is in February, then this year offers Q1 only, then all of last year, newest first', () => {
    expect(quarterPresets('2026-02-10').map(([label]) => label.slice(0, 7))).toEqual(['Q1 2026', 'Q4 2025', 'Q3 2025', 'Q2 2025', 'Q1 2025']);
    expect(quarterPresets('2024-02-10')[0]).toEqual(['Q1 2024 (2024-01-01 to 2024-03-31)', '2024-01-01', '2024-03-31']);
  });
});
