/**
 * Money is integer pence inside the system; pounds (decimal numbers) only on the wire and
 * in forms. All rounding is half-up, done in exactly one place: divRoundHalfUp.
 */

/** round(numerator / denominator) half-up, exact for any size (BigInt), non-negative or negative. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const sign = numerator < 0n ? -1n : 1n;
  const abs = numerator < 0n ? -numerator : numerator;
  return sign * ((2n * abs + denominator) / (2n * denominator));
}

/**
 * Parse a decimal number into an integer of `scale` decimal places, rounding half-up.
 * Goes through the shortest decimal string so 1.005 is treated as written, not as 1.00499999.
 */
export function toScaledInteger(value: number, scale: number): number {
  if (!Number.isFinite(value)) throw new RangeError('value must be finite');
  const [mantissa, exponentPart] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentPart);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const fractionDigits = digits.length - 1 - exponent; // digits after the decimal point
  const asInteger = BigInt(digits);
  let scaled: bigint;
  if (fractionDigits <= scale) {
    scaled = asInteger * 10n ** BigInt(scale - fractionDigits);
  } else {
    scaled = divRoundHalfUp(asInteger, 10n ** BigInt(fractionDigits - scale));
  }
  const result = Number(negative ? -scaled : scaled);
  return Object.is(result, -0) ? 0 : result;
}

export const poundsToPence = (pounds: number): number => toScaledInteger(pounds, 2);
// penceToPounds, basisPointsToPercent and milliToQuantity have SQL twins that write the list
// answers in PostgreSQL (apps/api/src/db/answer-json.ts, proved equal by its db test): change both.
export const penceToPounds = (pence: number): number => pence / 100;

/** Percent (20, 17.5) to basis points (2000, 1750). */
export const percentToBasisPoints = (percent: number): number => toScaledInteger(percent, 2);
export const basisPointsToPercent = (bp: number): number => bp / 100;

/** Quantity (1.5 hours) to thousandths (1500). */
export const quantityToMilli = (quantity: number): number => toScaledInteger(quantity, 3);
export const milliToQuantity = (milli: number): number => milli / 1000;

/** True when `value` has at most `places` decimal places as written. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (text.includes('e')) {
    const [mantissa, exp] = text.split('e') as [string, string];
    const frac = (mantissa.split('.')[1] ?? '').length - Number(exp);
    return frac <= places;
  }
  return (text.split('.')[1] ?? '').length <= places;
}

const formatters = new Map<string, Intl.NumberFormat>();
function amountFormatter(): Intl.NumberFormat {
  let f = formatters.get('en-GB');
  if (!f) {
    f = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set('en-GB', f);
  }
  return f;
}

/** 123450 pence, '£' -> '£1,234.50'. Missing values show as zero. */
export function formatPence(pence: number | null | undefined, symbol = '£'): string {
  const value = typeof pence === 'number' && Number.isFinite(pence) ? pence : 0;
  const sign = value < 0 ? '-' : '';
  return `${sign}${symbol}${amountFormatter().format(Math.abs(value) / 100)}`;
}

/** Pounds as on the wire (1234.5) -> '£1,234.50'. */
export function formatMoney(pounds: number | null | undefined, symbol = '£'): string {
  return formatPence(typeof pounds === 'number' && Number.isFinite(pounds) ? poundsToPence(pounds) : 0, symbol);
}
