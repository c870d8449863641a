import type { TCreditNote } from '@docket/schemas/credit-note';
import type { TInvoice } from '@docket/schemas/document';
import type { TPayment } from '@docket/schemas/payment';
import { poundsToPence } from '@docket/schemas/money';

export interface Movement {
  day: string;
  /** when the entry was recorded (ISO instant): orders entries of the same day */
  at: string;
  kind: 'invoice' | 'payment' | 'credit';
  description: string;
  /** pence: invoices add to what is owed, payments and credit notes take away */
  debitPence: number;
  creditPence: number;
}

const isoDay = (at: string, london: (d: Date) => string) => london(new Date(at));
const KIND_ORDER = { invoice: 0, credit: 1, payment: 2 } as const;
const instant = (at: string) => new Date(at).getTime();

/**
 * Every movement on a client's account in date order (docs/product.md, "Client accounts"):
 * issued, not void invoices on their issue day, credit notes on theirs, payments on their date.
 * Entries of one day follow the time they were recorded (INV0001 before INV0002, a part payment
 * before the final one), whatever order the lists arrive in.
 */
export function movements(invoices: TInvoice[], creditNotes: TCreditNote[], payments: TPayment[], london: (d: Date) => string): Movement[] {
  const rows: Movement[] = [
    ...invoices
      .filter((i) => i.status !== 'DRAFT' && i.status !== 'VOID')
      .map((i) => ({
        day: isoDay(i.createdAt, london),
        at: i.createdAt,
        kind: 'invoice' as const,
        description: `Invoice ${i.invoiceNumber}`,
        debitPence: poundsToPence(i.amountDue ?? i.total),
        creditPence: 0,
      })),
    ...creditNotes.map((c) => ({
      day: isoDay(c.createdAt, london),
      at: c.createdAt,
      kind: 'credit' as const,
      description: `Credit note ${c.creditNoteNumber} (${c.invoiceNumber})`,
      debitPence: 0,
      creditPence: poundsToPence(c.total),
    })),
    ...payments.map((p) => ({
      day: p.date,
      at: p.createdAt,
      kind: 'payment' as const,
      description: `Payment ${p.invoiceNumber}${p.reference ? ` (${p.reference})` : ''}`,
      debitPence: 0,
      creditPence: poundsToPence(p.amount),
    })),
  ];
  return rows.sort((a, b) => (a.day !== b.day ? (a.day < b.day ? -1 : 1) : instant(a.at) - instant(b.at) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]));
}

export interface Statement {
  openingPence: number;
  lines: (Movement & { balancePence: number })[];
  closingPence: number;
}

/** Opening balance (everything before `from`), the period's lines with a running balance, the closing balance. */
export function statementOf(all: Movement[], from: string | undefined, to: string): Statement {
  let balance = 0;
  const lines: Statement['lines'] = [];
  let opening = 0;
  for (const m of all) {
    if (m.day > to) break;
    balance += m.debitPence - m.creditPence;
    if (from && m.day < from) opening = balance;
    else lines.push({ ...m, balancePence: balance });
  }
  return { openingPence: opening, lines, closingPence: balance };
}
