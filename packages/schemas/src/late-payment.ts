import { divRoundHalfUp } from './money.ts';

/**
 * Statutory late-payment figures for business-to-business debts.
 * Source: Late Payment of Commercial Debts (Interest) Act 1998 (as amended by the Late Payment of
 * Commercial Debts Regulations 2002 and 2013): simple interest at the Bank of England base rate plus
 * 8 percentage points a year, and a fixed sum for the cost of recovery by the size of the debt.
 * Docket cannot fetch the base rate; the user enters it in settings (docs/product.md, "Late payment").
 */
export const LATE_PAYMENT_SOURCE = 'Late Payment of Commercial Debts (Interest) Act 1998';

/** Statutory interest is the base rate plus this, in basis points (8 %). */
export const LATE_PAYMENT_MARGIN_BP = 800;
/** Simple interest accrues per day over a year of this many days. */
export const LATE_PAYMENT_DAYS_IN_YEAR = 365;

/** Fixed compensation by the debt's size, in pence: the first band whose upper bound exceeds the debt. */
export const LATE_PAYMENT_COMPENSATION_BANDS: readonly { belowPence: number | null; compensationPence: number }[] = [
  { belowPence: 100_000, compensationPence: 4_000 },
  { belowPence: 1_000_000, compensationPence: 7_000 },
  { belowPence: null, compensationPence: 10_000 },
];

export function compensationPence(debtPence: number): number {
  const band = LATE_PAYMENT_COMPENSATION_BANDS.find((b) => b.belowPence === null || debtPence < b.belowPence);
  return band!.compensationPence;
}

/** Simple interest on the debt for the days late, rounded half-up to the penny. */
export function lateInterestPence(debtPence: number, daysLate: number, baseRateBp: number): number {
  if (debtPence <= 0 || daysLate <= 0) return 0;
  const annualBp = BigInt(baseRateBp + LATE_PAYMENT_MARGIN_BP);
  return Number(divRoundHalfUp(BigInt(debtPence) * annualBp * BigInt(daysLate), 10_000n * BigInt(LATE_PAYMENT_DAYS_IN_YEAR)));
}

export interface TLatePaymentPence {
  daysLate: number;
  interestPence: number;
  compensationPence: number;
}

/** What a business client owes on top of an overdue balance; null when nothing is late. */
export function latePaymentPence(debtPence: number, daysLate: number, baseRateBp: number): TLatePaymentPence | null {
  if (debtPence <= 0 || daysLate <= 0) return null;
  return { daysLate, interestPence: lateInterestPence(debtPence, daysLate, baseRateBp), compensationPence: compensationPence(debtPence) };
}

/** The short statement printed on business clients' invoices when the notice is on. */
export const LATE_PAYMENT_NOTICE_TEXT =
  'We are entitled to charge statutory interest at 8% above the Bank of England base rate and a fixed-sum compensation on late payment, under the Late Payment of Commercial Debts (Interest) Act 1998.';
