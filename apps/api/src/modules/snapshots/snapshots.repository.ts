import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, creditNotes, invoices, issuedPdfs, quotes } from '../../db/schema.ts';
import type { DocumentSnapshot, SnapshotParties } from './document-snapshot.ts';

type Executor = Pick<Database, 'select' | 'update' | 'delete'>;
export type SnapshotTable = 'quote' | 'invoice' | 'credit_note';
const TABLES = { quote: quotes, invoice: invoices, credit_note: creditNotes } as const;

/** Reads the parties a PDF prints and stores a document's frozen snapshot. */
export function createSnapshotsRepository(db: Database) {
  return {
    /** The company (with template and logo) and the client as they are now; null without a company profile. */
    async parties(userId: string, clientId: string, x: Executor = db): Promise<SnapshotParties | null> {
      const [company] = await x.select().from(companies).where(eq(companies.userId, userId)).limit(1);
      const [client] = await x
        .select()
        .from(clients)
        .where(and(eq(clients.userId, userId), eq(clients.id, clientId)))
        .limit(1);
      if (!company || !client) return null;
      const { logo, template, ...rest } = company;
      return {
        template,
        logo: logo ?? null,
        company: {
          name: rest.name,
          email: rest.email,
          phone: rest.phone,
          address: rest.address,
          website: rest.website,
          vatNumber: rest.vatNumber,
          terms: rest.terms,
          currency: rest.currency,
          bankName: rest.bankName,
          bankAccountName: rest.bankAccountName,
          bankAccountNumber: rest.bankAccountNumber,
          bankSortCode: rest.bankSortCode,
          bankIban: rest.bankIban,
          bankSwift: rest.bankSwift,
          reverseChargeWording: rest.reverseChargeWording,
        },
        client: { name: client.name, email: client.email, phone: client.phone, address: client.address, vatNumber: client.vatNumber },
      };
    },
    /** The frozen snapshot, its logo, and the md5 of the stored JSON that names it (issued-live-key.ts). */
    async read(
      userId: string,
      kind: SnapshotTable,
      id: string,
    ): Promise<{ snapshot: DocumentSnapshot | null; logo: Buffer | null; snapshotMd5: string | null } | null> {
      const table = TABLES[kind];
      const [row] = await db
        .select({ snapshot: table.snapshot, logo: table.snapshotLogo, snapshotMd5: sql<string | null>`md5(${table.snapshot}::text)` })
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.id, id)))
        .limit(1);
      return row ? { snapshot: (row.snapshot as DocumentSnapshot | null) ?? null, logo: row.logo ?? null, snapshotMd5: row.snapshotMd5 ?? null } : null;
    },
    async store(kind: SnapshotTable, id: string, snapshot: DocumentSnapshot | null, logo: Buffer | null, x: Executor = db) {
      const table = TABLES[kind];
      await x.update(table).set({ snapshot, snapshotLogo: logo }).where(eq(table.id, id));
      // Bytes kept for an earlier snapshot (a reverted and re-sent invoice, whose logo may differ) go with it.
      await x.delete(issuedPdfs).where(and(eq(issuedPdfs.kind, kind), eq(issuedPdfs.documentId, id)));
    },
  };
}
export type SnapshotsRepository = ReturnType<typeof createSnapshotsRepository>;
