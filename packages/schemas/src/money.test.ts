import { describe, expect, it } from 'vitest';
import { divRoundHalfUp, formatMoney, formatPence, hasAtMostDecimals, poundsToPence, toScaledInteger } from './money.ts';

describe('money', () => {
  it('when pounds are converted, then 1.005 is read as written and rounds half-up', () => {
    expect(poundsToPence(1.005)).toBe(101);
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0)).toBe(0);
    expect(toScaledInteger(1.5, 3)).toBe(1500);
  });

  it('when dividing, then halves round away from zero', () => {
    expect(divRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divRoundHalfUp(4n, 10n)).toBe(0n);
    expect(divRoundHalfUp(-5n, 10n)).toBe(-1n);
  });

  it('when formatting, then GBP has a symbol, thousands separators and 2 decimals', () => {
    expect(formatPence(123450)).toBe('£1,234.50');
    expect(formatMoney(1234.5, '€')).toBe('€1,234.50');
    expect(formatMoney(undefined)).toBe('£0.00');
    expect(formatPence(-250)).toBe('-£2.50');
  });

  it('when counting decimals, then exponent forms are handled', () => {
    expect(hasAtMostDecimals(1.25, 2)).toBe(true);
    expect(hasAtMostDecimals(1.255, 2)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 3)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });
});
