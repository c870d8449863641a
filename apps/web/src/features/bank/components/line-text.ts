import type { TBankLine } from '@docket/schemas/bank';

/** A likely supplier name from a card line: 'SCREWFIX DIRECT 1234 BRISTOL' gives 'Screwfix Direct'. */
export function supplierGuess(description: string): string {
  const words = description
    .replace(/[^A-Za-z& ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1)
    .slice(0, 2);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
  return name || description.slice(0, 40);
}

/** The text a rule looks for: the line's first word, which is the shop on most card lines. */
export const matchGuess = (description: string) => (description.trim().split(/\s+/)[0] ?? '').toUpperCase().slice(0, 100);

const TYPE_NAMES: Record<string, string> = {
  INVOICE_PAYMENT: 'Invoice payment',
  EXPENSE: 'Expense',
  TRANSFER: 'Transfer between accounts',
  DRAWINGS: 'Drawings',
  OTHER_INCOME: 'Other income',
  TAX: 'Tax payment',
  REFUND: 'Refund',
};

/** 'Expense · by rule SCREWFIX', 'Invoice payment (2 invoices)' */
export function explanationText(line: TBankLine): string {
  const e = line.explanation ?? {};
  const type = typeof e.type === 'string' ? e.type : '';
  const name = TYPE_NAMES[type] ?? type;
  const payments = Array.isArray(e.payments) ? e.payments.length : 0;
  const parts = [payments > 1 ? `${name} (${payments} invoices)` : name];
  if (typeof e.rule === 'string') parts.push(`by rule ${e.rule}`);
  if (typeof e.note === 'string' && e.note) parts.push(e.note);
  return parts.join(' · ');
}
