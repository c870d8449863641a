import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { quoteResponses, quotes, shareLinks, invoicePayCodes } from '../../db/schema.ts';
import type { Tx } from '../numbering/counters.repository.ts';

export type SharedKind = 'quote' | 'invoice' | 'credit_note';

const docColumn = (kind: SharedKind) => (kind === 'quote' ? shareLinks.quoteId : kind === 'invoice' ? shareLinks.invoiceId : shareLinks.creditNoteId);
const docValues = (kind: SharedKind, id: string) => (kind === 'quote' ? { quoteId: id } : kind === 'invoice' ? { invoiceId: id } : { creditNoteId: id });

export interface LiveLink {
  /** null: an invoice's printed pay code (no link row: never revoked, no first view noted) */
  id: string | null;
  userId: string;
  kind: SharedKind;
  documentId: string;
  /** a quote's revision when the link was opened (null for invoices) */
  revision: number | null;
}

export interface ResponseRecord {
  decision: 'accepted' | 'declined';
  name: string | null;
  reason: string | null;
  signature: Buffer | null;
  ip: string | null;
  userAgent: string | null;
}

/** Client links and the customer's answers (docs/product.md, "Client links"). */
export function createSharingRepository(db: Database) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** Revokes the document's live link (if any) and stores the new one, in the caller's transaction. */
    async replace(tx: Tx, userId: string, kind: SharedKind, documentId: string, tokenHash: string, expiresAt: Date) {
      await tx
        .update(shareLinks)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(shareLinks.userId, userId), eq(docColumn(kind), documentId), isNull(shareLinks.revokedAt)));
      await tx.insert(shareLinks).values({ userId, ...docValues(kind, documentId), tokenHash, expiresAt });
    },

    /** True when a live link was revoked. */
    async revoke(tx: Tx, userId: string, kind: SharedKind, documentId: string): Promise<boolean> {
      const rows = await tx
        .update(shareLinks)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(shareLinks.userId, userId), eq(docColumn(kind), documentId), isNull(shareLinks.revokedAt)))
        .returning({ id: shareLinks.id });
      return rows.length > 0;
    },

    /** The link a token hash names, only while neither revoked nor expired. */
    async resolve(tokenHash: string, now: Date): Promise<LiveLink | null> {
      const [row] = await db
        .select({
          id: shareLinks.id,
          userId: shareLinks.userId,
          quoteId: shareLinks.quoteId,
          invoiceId: shareLinks.invoiceId,
          creditNoteId: shareLinks.creditNoteId,
          revision: quotes.revision,
        })
        .from(shareLinks)
        // read before the document itself: a page never shows a newer document under an older version
        .leftJoin(quotes, eq(quotes.id, shareLinks.quoteId))
        .where(and(eq(shareLinks.tokenHash, tokenHash), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      if (row.quoteId) return { id: row.id, userId: row.userId, kind: 'quote', documentId: row.quoteId, revision: row.revision };
      if (row.invoiceId) return { id: row.id, userId: row.userId, kind: 'invoice', documentId: row.invoiceId, revision: null };
      return { id: row.id, userId: row.userId, kind: 'credit_note', documentId: row.creditNoteId!, revision: null };
    },

    /** An invoice's pay code (printed on its PDF beside the QR code): opens the invoice like a link. */
    async resolvePayCode(code: string): Promise<LiveLink | null> {
      const [row] = await db
        .select({ userId: invoicePayCodes.userId, invoiceId: invoicePayCodes.invoiceId })
        .from(invoicePayCodes)
        .where(eq(invoicePayCodes.code, code))
        .limit(1);
      return row ? { id: null, userId: row.userId, kind: 'invoice', documentId: row.invoiceId, revision: null } : null;
    },

    /** Stamps the first view; true only for the one request that did (so it is told once). */
    async markFirstView(tx: Tx, linkId: string): Promise<boolean> {
      const rows = await tx
        .update(shareLinks)
        .set({ firstViewedAt: sql`now()` })
        .where(and(eq(shareLinks.id, linkId), isNull(shareLinks.firstViewedAt)))
        .returning({ id: shareLinks.id });
      return rows.length > 0;
    },

    /**
     * SENT -> `to` in one conditional statement: of two answers at once, exactly one finds the
     * quote still SENT; the other gets false and reads the status the first one left.
     */
    /**
     * An acceptance also names the revision the customer saw: a quote changed since then is not
     * moved. Answers the revision answered, or null when nothing moved.
     */
    async answerQuote(tx: Tx, userId: string, quoteId: string, to: 'APPROVED' | 'DECLINED', revision?: number): Promise<number | null> {
      const rows = await tx
        .update(quotes)
        .set({ status: to, updatedAt: sql`now()` })
        .where(
          and(eq(quotes.userId, userId), eq(quotes.id, quoteId), eq(quotes.status, 'SENT'), revision === undefined ? undefined : eq(quotes.revision, revision)),
        )
        .returning({ revision: quotes.revision });
      return rows[0]?.revision ?? null;
    },

    async recordResponse(tx: Tx, userId: string, quoteId: string, quoteRevision: number, r: ResponseRecord) {
      await tx.insert(quoteResponses).values({ userId, quoteId, quoteRevision, ...r });
    },

    /**
     * The latest acceptance of a quote (its signature as stored PNG bytes), only while the quote
     * is still the revision that was accepted: any edit or revert since ends its effect (the
     * history keeps it).
     */
    async acceptance(userId: string, quoteId: string): Promise<{ name: string; signedAt: Date; signature: Buffer | null } | null> {
      const [row] = await db
        .select({ name: quoteResponses.name, at: quoteResponses.at, signature: quoteResponses.signature })
        .from(quoteResponses)
        .innerJoin(quotes, and(eq(quotes.id, quoteResponses.quoteId), eq(quotes.revision, quoteResponses.quoteRevision)))
        .where(and(eq(quoteResponses.userId, userId), eq(quoteResponses.quoteId, quoteId), eq(quoteResponses.decision, 'accepted')))
        .orderBy(desc(quoteResponses.at))
        .limit(1);
      return row ? { name: row.name ?? '', signedAt: row.at, signature: row.signature } : null;
    },
  };
}
export type SharingRepository = ReturnType<typeof createSharingRepository>;
