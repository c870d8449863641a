import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { quoteResponses, quotes, shareLinks } from '../../db/schema.ts';
import type { Tx } from '../numbering/counters.repository.ts';

export type SharedKind = 'quote' | 'invoice';

const docColumn = (kind: SharedKind) => (kind === 'quote' ? shareLinks.quoteId : shareLinks.invoiceId);
const docValues = (kind: SharedKind, id: string) => (kind === 'quote' ? { quoteId: id } : { invoiceId: id });

export interface LiveLink {
  id: string;
  userId: string;
  kind: SharedKind;
  documentId: string;
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
        .select({ id: shareLinks.id, userId: shareLinks.userId, quoteId: shareLinks.quoteId, invoiceId: shareLinks.invoiceId })
        .from(shareLinks)
        .where(and(eq(shareLinks.tokenHash, tokenHash), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      return row.quoteId
        ? { id: row.id, userId: row.userId, kind: 'quote', documentId: row.quoteId }
        : { id: row.id, userId: row.userId, kind: 'invoice', documentId: row.invoiceId! };
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
    async answerQuote(tx: Tx, userId: string, quoteId: string, to: 'APPROVED' | 'DECLINED'): Promise<boolean> {
      const rows = await tx
        .update(quotes)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(quotes.userId, userId), eq(quotes.id, quoteId), eq(quotes.status, 'SENT')))
        .returning({ id: quotes.id });
      return rows.length > 0;
    },

    async recordResponse(tx: Tx, userId: string, quoteId: string, r: ResponseRecord) {
      await tx.insert(quoteResponses).values({ userId, quoteId, ...r });
    },

    /** The latest acceptance of a quote (its signature as stored PNG bytes). */
    async acceptance(userId: string, quoteId: string): Promise<{ name: string; signedAt: Date; signature: Buffer | null } | null> {
      const [row] = await db
        .select({ name: quoteResponses.name, at: quoteResponses.at, signature: quoteResponses.signature })
        .from(quoteResponses)
        .where(and(eq(quoteResponses.userId, userId), eq(quoteResponses.quoteId, quoteId), eq(quoteResponses.decision, 'accepted')))
        .orderBy(desc(quoteResponses.at))
        .limit(1);
      return row ? { name: row.name ?? '', signedAt: row.at, signature: row.signature } : null;
    },
  };
}
export type SharingRepository = ReturnType<typeof createSharingRepository>;
