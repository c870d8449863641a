import { sql, type SQL } from 'drizzle-orm';
import { creditNotes, invoices, payments } from '../../db/schema.ts';

/**
 * For queries over many of an account's invoices (dashboard, aged debtors): payments and credit
 * notes summed per invoice once and joined, where `paidPenceSql`/`creditedPenceSql` run a lookup
 * per row (≈ 5× slower at 10,000 invoices, bench/results.md). Use `joins` after `from invoices`.
 */
export function invoiceBalanceJoins(userId: string): { joins: SQL; paid: SQL; credited: SQL; balance: SQL } {
  const paid = sql`coalesce(paid.pence, 0)`;
  const credited = sql`coalesce(credited.pence, 0)`;
  return {
    joins: sql`left join (select ${payments.invoiceId} as invoice_id, sum(${payments.amountPence}) as pence from ${payments} where ${payments.userId} = ${userId} group by ${payments.invoiceId}) paid
        on paid.invoice_id = ${invoices.id}
      left join (select ${creditNotes.invoiceId} as invoice_id, sum(${creditNotes.totalPence}) as pence from ${creditNotes} where ${creditNotes.userId} = ${userId} group by ${creditNotes.invoiceId}) credited
        on credited.invoice_id = ${invoices.id}`,
    paid,
    credited,
    /** what the client still owes: the total less any CIS deduction, payments and credits, never below 0 */
    balance: sql`greatest(0, ${invoices.totalPence} - ${invoices.cisDeductionPence} - ${paid} - ${credited})`,
  };
}
