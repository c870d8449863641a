import { sql, type SQL } from 'drizzle-orm';
import { creditNotes, invoices } from '../../db/schema.ts';
import { actorRefSql } from '../../db/actor-ref-sql.ts';
import type { ActorRef } from '../../lib/actor.ts';

export interface CreditRef {
  id: string;
  creditNoteNumber: string;
  totalPence: number;
  by: ActorRef | null;
}

/**
 * The credit notes against an invoice, oldest first, as one JSON column of the invoice row
 * (a correlated subquery on credit_notes_invoice_idx), so lists stay one round trip.
 */
export const creditRefsJson = (): SQL<CreditRef[]> =>
  sql`coalesce((select json_agg(json_build_object(
      'id', ${creditNotes.id},
      'creditNoteNumber', ${creditNotes.creditNoteNumber},
      'totalPence', ${creditNotes.totalPence},
      'by', ${actorRefSql(creditNotes.actorUserId)}) order by ${creditNotes.createdAt}, ${creditNotes.creditNoteNumber})
    from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), '[]'::json)`.mapWith((v: unknown) =>
    typeof v === 'string' ? (JSON.parse(v) as CreditRef[]) : (v as CreditRef[]),
  );

/** Sum of credit notes against the invoice, in pence (for SQL totals such as the dashboard's). */
export const creditedPenceSql = (): SQL<number> =>
  sql`coalesce((select sum(${creditNotes.totalPence}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), 0)`.mapWith(Number);
