import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

describe('formatMoney', () => {
  it('when given pounds, then shows the symbol, thousands separators and 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney(0.1 + 0.2)).toBe('£0.30');
    expect(formatMoney(1_000_000)).toBe('£1,000,000.00');
  });

  it('when the value is missing, then shows £0.00', () => {
    expect(formatMoney(undefined)).toBe('£0.00');
    expect(formatMoney(null)).toBe('£0.00');
    expect(formatMoney(Number.NaN)).toBe('£0.00');
  });

  it("when the company currency is not GBP, then uses the company's symbol", () => {
    expect(formatMoney(99.99, '$')).toBe('$99.99');
    expect(formatMoney(1234.5, '€')).toBe('€1,234.50');
    expect(formatMoney(5, 'C$')).toBe('C$5.00');
  });

  it('when the symbol is empty, then falls back to £', () => {
    expect(formatMoney(5, '')).toBe('£5.00');
  });
});

describe('formatDateTime / formatDate', () => {
  it('when given an ISO instant, then shows en-GB day/month/year with UK time', () => {
    expect(formatDateTime('2026-11-22T14:05:00Z')).toBe('22/11/2026, 14:05');
    // British Summer Time: 12:30 UTC is 13:30 in London.
    expect(formatDateTime('2026-07-04T12:30:00Z')).toBe('04/07/2026, 13:30');
  });

  it('when given a calendar day, then shows it without shifting the day', () => {
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
    expect(formatDate('2026-01-01T00:30:00Z')).toBe('01/01/2026');
  });

  it('when the value is missing or invalid, then shows nothing', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
