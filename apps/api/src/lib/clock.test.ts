import { describe, expect, it } from 'vitest';
import { londonDay } from './clock.ts';

const reference = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

describe('londonDay', () => {
  it('when instants either side of London midnight are asked for in turn, in winter and in summer time, then each gets its own day', () => {
    const instants = [
      '2026-01-14T23:59:59.999Z',
      '2026-01-15T00:00:00.000Z', // GMT: midnight is 00:00 UTC
      '2026-07-14T22:59:59.999Z',
      '2026-07-14T23:00:00.000Z', // BST: midnight is 23:00 UTC
      '2026-03-29T00:59:00.000Z',
      '2026-03-29T01:00:00.000Z', // the clocks go forward
      '2026-10-24T22:59:30.000Z',
      '2026-10-24T23:00:30.000Z', // the day before they go back
    ];
    const expected = ['2026-01-14', '2026-01-15', '2026-07-14', '2026-07-15', '2026-03-29', '2026-03-29', '2026-10-24', '2026-10-25'];
    for (let round = 0; round < 2; round++) {
      expect(instants.map((i) => londonDay(new Date(i)))).toEqual(expected);
      // the same minute asked for twice in a row, and again after another day
      expect(londonDay(new Date('2026-07-14T23:00:59.999Z'))).toBe('2026-07-15');
      expect(londonDay(new Date('2026-07-14T23:00:00.001Z'))).toBe('2026-07-15');
    }
  });

  it('when every minute of a year is asked for, then the day always equals Intl formatting it', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let t = start; t < start + 366 * 86_400_000; t += 37 * 60_000 + 13_000) {
      expect(londonDay(new Date(t))).toBe(reference.format(t));
    }
  });

  it('when the instant is not a date, then it throws as Intl does', () => {
    expect(() => londonDay(new Date('not a date'))).toThrow(RangeError);
  });
});
