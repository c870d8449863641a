import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, creditNotes, invoices, quotes } from '../../db/schema.ts';
import type { DocumentSnapshot, SnapshotParties } from './document-snapshot.ts';

type Executor = Pick<Database, 'select' | 'update'>;
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
    async read(userId: string, kind: SnapshotTable, id: string): Promise<{ snapshot: DocumentSnapshot | null; logo: Buffer | null } | null> {
      const table = TABLES[kind];
      const [row] = await db
        .select({ snapshot: table.snapshot, logo: table.snapshotLogo })
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.id, id)))
        .limit(1);
      return row ? { snapshot: (row.snapshot as DocumentSnapshot | null) ?? null, logo: row.logo ?? null } : null;
    },
    async store(kind: SnapshotTable, id: string, snapshot: DocumentSnapshot | null, logo: Buffer | null, x: Executor = db) {
      const table = TABLES[kind];
      await x.update(table).set({ snapshot, snapshotLogo: logo }).where(eq(table.id, id));
    },
  };
}
export type SnapshotsRepository = ReturnType<typeof createSnapshotsRepository>;
