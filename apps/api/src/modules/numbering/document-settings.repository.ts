import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_CREDIT_NOTE_PREFIX, DEFAULT_DUE_DAYS, DEFAULT_INVOICE_PREFIX, DEFAULT_QUOTE_PREFIX, DEFAULT_TAX_RATE } from '@docket/schemas/constants';
import { percentToBasisPoints } from '@docket/schemas/money';
import type { Database } from '../../db/client.ts';
import { clients, companies } from '../../db/schema.ts';
import { sessionReadSelect } from '../../cache/session-read.ts';

export interface DocumentSettings {
  quotePrefix: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  defaultTaxRateBp: number;
  /** a CIS subcontractor: invoices to clients with a CIS rate carry the deduction */
  cisSubcontractor: boolean;
  /** days from issue to due date unless the client has its own terms (docs/product.md, "Payment terms") */
  paymentTermsDays: number;
}

/** What a new document's rules read of its client (reverse charge, CIS, payment terms). */
export interface ClientTerms {
  vatNumber: string | null;
  cisRate: number | null;
  paymentTermsDays: number | null;
}

const settingsColumns = {
  quotePrefix: companies.quoteNumberPrefix,
  invoicePrefix: companies.invoiceNumberPrefix,
  creditNotePrefix: companies.creditNotePrefix,
  defaultTaxRateBp: companies.defaultTaxRateBp,
  cisSubcontractor: companies.cisSubcontractor,
  paymentTermsDays: companies.paymentTermsDays,
};

const defaults = (): DocumentSettings => ({
  quotePrefix: DEFAULT_QUOTE_PREFIX,
  invoicePrefix: DEFAULT_INVOICE_PREFIX,
  creditNotePrefix: DEFAULT_CREDIT_NOTE_PREFIX,
  defaultTaxRateBp: percentToBasisPoints(DEFAULT_TAX_RATE),
  cisSubcontractor: false,
  paymentTermsDays: DEFAULT_DUE_DAYS,
});

/** Number prefixes and default tax from the company profile, or the spec's defaults without one. */
export function createDocumentSettingsRepository(db: Database) {
  // Every new invoice reads it first: prepared once per connection, and the route's session is
  // checked in the same statement (http/session-in-query.ts), one round trip fewer per new invoice.
  // Flat, as a session read maps its rows: the client's id marks a found client.
  const withClient = sessionReadSelect(
    db,
    'settings_with_client_s',
    db
      .select({
        clientId: clients.id,
        vatNumber: clients.vatNumber,
        cisRate: clients.cisRate,
        clientTermsDays: clients.paymentTermsDays,
        companyId: companies.userId,
        ...settingsColumns,
      })
      .from(clients)
      .leftJoin(companies, eq(companies.userId, clients.userId))
      .where(and(eq(clients.userId, sql.placeholder('userId')), eq(clients.id, sql.placeholder('clientId'))))
      .limit(1),
  );
  return {
    async read(userId: string): Promise<DocumentSettings> {
      const [row] = await db.select(settingsColumns).from(companies).where(eq(companies.userId, userId)).limit(1);
      return row ?? defaults();
    },
    /**
     * The settings and the client a new document is for, in one statement; `client` is null when
     * the id is not one of the account's clients (the settings are then the defaults: the
     * document is refused anyway).
     */
    async readWithClient(userId: string, clientId: string): Promise<{ settings: DocumentSettings; client: ClientTerms | null }> {
      const [row] = await withClient(userId, { userId, clientId });
      if (!row) return { settings: defaults(), client: null };
      const { clientId: _, vatNumber, cisRate, clientTermsDays, companyId, ...settings } = row;
      return {
        // no company profile yet: the spec's defaults (a profile's columns are never null)
        settings: companyId === null ? defaults() : (settings as DocumentSettings),
        client: { vatNumber, cisRate, paymentTermsDays: clientTermsDays },
      };
    },
  };
}
export type DocumentSettingsRepository = ReturnType<typeof createDocumentSettingsRepository>;
