import { eq } from 'drizzle-orm';
import { DEFAULT_CREDIT_NOTE_PREFIX, DEFAULT_DUE_DAYS, DEFAULT_INVOICE_PREFIX, DEFAULT_QUOTE_PREFIX, DEFAULT_TAX_RATE } from '@docket/schemas/constants';
import { percentToBasisPoints } from '@docket/schemas/money';
import type { Database } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

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

/** Number prefixes and default tax from the company profile, or the spec's defaults without one. */
export function createDocumentSettingsRepository(db: Database) {
  return {
    async read(userId: string): Promise<DocumentSettings> {
      const [row] = await db
        .select({
          quotePrefix: companies.quoteNumberPrefix,
          invoicePrefix: companies.invoiceNumberPrefix,
          creditNotePrefix: companies.creditNotePrefix,
          defaultTaxRateBp: companies.defaultTaxRateBp,
          cisSubcontractor: companies.cisSubcontractor,
          paymentTermsDays: companies.paymentTermsDays,
        })
        .from(companies)
        .where(eq(companies.userId, userId))
        .limit(1);
      return (
        row ?? {
          quotePrefix: DEFAULT_QUOTE_PREFIX,
          invoicePrefix: DEFAULT_INVOICE_PREFIX,
          creditNotePrefix: DEFAULT_CREDIT_NOTE_PREFIX,
          defaultTaxRateBp: percentToBasisPoints(DEFAULT_TAX_RATE),
          cisSubcontractor: false,
          paymentTermsDays: DEFAULT_DUE_DAYS,
        }
      );
    },
  };
}
export type DocumentSettingsRepository = ReturnType<typeof createDocumentSettingsRepository>;
