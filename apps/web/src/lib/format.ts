import { formatMoney as formatMoneyWithSymbol } from '@docket/schemas/money';

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/London',
});

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare 'YYYY-MM-DD' is a calendar day: read it at noon UTC so no time zone moves it.
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '22/11/2026, 14:05' (en-GB, UK time). Empty string for a missing or invalid value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateTimeFormat.format(d) : '';
}

/** '22/11/2026' (en-GB, UK time). Empty string for a missing or invalid value. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateFormat.format(d) : '';
}

/** Pounds (as on the wire) in the company's currency symbol: 1234.5 -> '£1,234.50'; missing -> '£0.00'. */
export function formatMoney(pounds: number | null | undefined, symbol: string | null | undefined = '£'): string {
  return formatMoneyWithSymbol(pounds, symbol || '£');
}
