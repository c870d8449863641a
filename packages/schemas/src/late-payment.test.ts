import { describe, expect, it } from 'vitest';
import { LATE_PAYMENT_SOURCE, compensationPence, lateInterestPence, latePaymentPence } from './late-payment.ts';

describe('late payment figures (Late Payment of Commercial Debts (Interest) Act 1998)', () => {
  it('names its source', () => {
    expect(LATE_PAYMENT_SOURCE).toBe('Late Payment of Commercial Debts (Interest) Act 1998');
  });
  it.each([
    [99_999, 4_000],
    [100_000, 7_000],
    [999_999, 7_000],
    [1_000_000, 10_000],
  ])('compensation for a debt of %i pence is %i pence', (debt, comp) => {
    expect(compensationPence(debt)).toBe(comp);
  });
  it('simple interest at base + 8% over a 365-day year, half-up to the penny', () => {
    // £1,000 at 13.25% for 30 days: 100000 * 0.1325 * 30 / 365 = 1089.04p -> £10.89
    expect(lateInterestPence(100_000, 30, 525)).toBe(1_089);
    // £10,000 at 8% (base 0) for 365 days = £800.00 exactly
    expect(lateInterestPence(1_000_000, 365, 0)).toBe(80_000);
    // £999.99 at 13.25% for 30 days: 99999 * 1325 * 30 / 3650000 = 1089.0301 -> 1089
    expect(lateInterestPence(99_999, 30, 525)).toBe(1_089);
  });
  it('nothing when not late or nothing owed', () => {
    expect(latePaymentPence(10_000, 0, 500)).toBeNull();
    expect(latePaymentPence(0, 10, 500)).toBeNull();
  });
});
