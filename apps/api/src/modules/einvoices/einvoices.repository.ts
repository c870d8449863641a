import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';

export interface EinvoiceSource {
  status: string;
  snapshot: DocumentSnapshot | null;
  /** the client's VAT number now (snapshots predate it); null when none */
  client_vat_number: string | null;
  /** the parties' Peppol ids now (routing addresses, not document content): null when none */
  client_peppol_scheme: string | null;
  client_peppol_id: string | null;
  company_peppol_scheme: string | null;
  company_peppol_id: string | null;
}

const PARTIES = sql`c.vat_number as client_vat_number, c.peppol_scheme as client_peppol_scheme, c.peppol_id as client_peppol_id,
  co.peppol_scheme as company_peppol_scheme, co.peppol_id as company_peppol_id`;

export function createEinvoicesRepository(db: Database) {
  return {
    async invoice(userId: string, id: string): Promise<EinvoiceSource | null> {
      const [row] = await queryRows<EinvoiceSource>(
        db,
        sql`select i.status, i.snapshot, ${PARTIES} from invoices i join clients c on c.id = i.client_id
            left join companies co on co.account_id = i.account_id where i.account_id = ${userId} and i.id = ${id}`,
      );
      return row ?? null;
    },
    async creditNote(userId: string, id: string): Promise<EinvoiceSource | null> {
      const [row] = await queryRows<EinvoiceSource>(
        db,
        sql`select 'ISSUED' as status, n.snapshot, ${PARTIES} from credit_notes n join clients c on c.id = n.client_id
            left join companies co on co.account_id = n.account_id where n.account_id = ${userId} and n.id = ${id}`,
      );
      return row ?? null;
    },
  };
}
export type EinvoicesRepository = ReturnType<typeof createEinvoicesRepository>;
