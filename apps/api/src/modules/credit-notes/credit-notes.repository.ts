import { and, eq, ilike, or } from 'drizzle-orm';
import { currentActor } from '../../lib/request-context.ts';
import type { Database } from '../../db/client.ts';
import { clients, creditNoteLines, creditNotes, invoices, users } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';
import { likePattern } from '../../lib/pagination.ts';
import type { CountersRepository, Tx } from '../numbering/counters.repository.ts';
import type { PricedDocument } from '../documents/line-items.ts';
import { linesJson } from '../documents/lines-json.ts';

export interface CreditNoteListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
  invoiceId?: string;
  clientId?: string;
}

type Executor = Pick<Database, 'select'>;
const columns = {
  id: creditNotes.id,
  creditNoteNumber: creditNotes.creditNoteNumber,
  invoiceId: creditNotes.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  invoiceCreatedAt: invoices.createdAt,
  clientId: creditNotes.clientId,
  clientName: clients.name,
  taxRateBp: creditNotes.taxRateBp,
  subtotalPence: creditNotes.subtotalPence,
  taxPence: creditNotes.taxPence,
  totalPence: creditNotes.totalPence,
  fixedVat: creditNotes.fixedVat,
  reason: creditNotes.reason,
  createdAt: creditNotes.createdAt,
  actorId: creditNotes.actorUserId,
  actorEmail: users.email,
  actorName: users.name,
  lines: linesJson(creditNoteLines, creditNoteLines.creditNoteId, creditNotes.id),
};
const select = (x: Executor) =>
  x
    .select(columns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, creditNotes.clientId))
    .leftJoin(users, eq(users.id, creditNotes.actorUserId));
export type CreditNoteRow = Awaited<ReturnType<typeof select>>[number];

export function createCreditNotesRepository(db: Database, counters: CountersRepository) {
  return {
    async list(userId: string, o: CreditNoteListOptions = {}): Promise<CreditNoteRow[]> {
      const pattern = o.q ? likePattern(o.q) : undefined;
      const query = select(db)
        .where(
          and(
            eq(creditNotes.userId, userId),
            afterCursor(o.cursor, creditNotes.createdAt, creditNotes.id),
            o.invoiceId ? eq(creditNotes.invoiceId, o.invoiceId) : undefined,
            o.clientId ? eq(creditNotes.clientId, o.clientId) : undefined,
            pattern
              ? or(
                  ilike(creditNotes.creditNoteNumber, pattern),
                  ilike(invoices.invoiceNumber, pattern),
                  ilike(clients.name, pattern),
                  ilike(creditNotes.reason, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(...newestFirst(creditNotes.createdAt, creditNotes.id));
      return o.limit ? query.limit(o.limit + 1) : query;
    },

    async get(userId: string, id: string): Promise<CreditNoteRow | null> {
      const [row] = await select(db)
        .where(and(eq(creditNotes.userId, userId), eq(creditNotes.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** What the PDF of a credit note needs beyond its row: the frozen snapshot and logo. */
    async snapshot(userId: string, id: string) {
      const [row] = await db
        .select({ snapshot: creditNotes.snapshot, logo: creditNotes.snapshotLogo })
        .from(creditNotes)
        .where(and(eq(creditNotes.userId, userId), eq(creditNotes.id, id)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Number allocation (its own counter, locked like the invoice counter, so numbers are
     * unique and consecutive under concurrency) and the insert, in the caller's transaction.
     */
    async insert(
      tx: Tx,
      userId: string,
      prefix: string,
      values: { invoiceId: string; clientId: string; reason: string },
      priced: PricedDocument,
    ): Promise<{ id: string; creditNoteNumber: string; createdAt: Date }> {
      const creditNoteNumber = await counters.allocate(tx, userId, 'credit_note', prefix);
      const [row] = await tx
        .insert(creditNotes)
        .values({
          userId,
          creditNoteNumber,
          ...values,
          taxRateBp: priced.taxRateBp,
          subtotalPence: priced.subtotalPence,
          taxPence: priced.taxPence,
          totalPence: priced.totalPence,
          fixedVat: priced.fixedVat ?? null,
          actorUserId: currentActor(),
        })
        .returning({ id: creditNotes.id, createdAt: creditNotes.createdAt });
      await tx.insert(creditNoteLines).values(priced.lines.map((l) => ({ ...l, userId, creditNoteId: row!.id })));
      return { id: row!.id, creditNoteNumber, createdAt: row!.createdAt };
    },
  };
}
export type CreditNotesRepository = ReturnType<typeof createCreditNotesRepository>;
