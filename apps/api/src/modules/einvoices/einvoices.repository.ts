import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';

export interface EinvoiceSource {
  status: string;
  snapshot: DocumentSnapshot | null;
  /** the client's VAT number now (snapshots predate it); null when none */
  client_vat_number: string | null;
}

export function createEinvoicesRepository(db: Database) {
  return {
    async invoice(userId: string, id: string): Promise<EinvoiceSource | null> {
      const [row] = await queryRows<EinvoiceSource>(
        db,
        sql`select i.status, i.snapshot, c.vat_number as client_vat_number from invoices i join clients c on c.id = i.client_id
            where i.user_id = ${userId} and i.id = ${id}`,
      );
      return row ?? null;
    },
    async creditNote(userId: string, id: string): Promise<EinvoiceSource | null> {
      const [row] = await queryRows<EinvoiceSource>(
        db,
        sql`select 'ISSUED' as status, n.snapshot, c.vat_number as client_vat_number from credit_notes n join clients c on c.id = n.client_id
            where n.user_id = ${userId} and n.id = ${id}`,
      );
      return row ?? null;
    },
  };
}
export type EinvoicesRepository = ReturnType<typeof createEinvoicesRepository>;
