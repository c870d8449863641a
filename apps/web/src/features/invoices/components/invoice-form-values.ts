import type { TInvoice } from '@docket/schemas/document';
import { defaultDueDate, emptyLine, type TDocumentFormValues } from '@/components/documents/document-form-values';

/** The invoice form's starting values: the invoice's own when editing, else a new one's with this tax rate. */
export const invoiceFormValues = (invoice: TInvoice | null, defaultTaxRate: number): TDocumentFormValues =>
  invoice
    ? {
        clientId: invoice.clientId,
        tax: invoice.tax,
        dueDate: invoice.dueDate,
        siteAddress: invoice.siteAddress ?? '',
        lineItems: invoice.lineItems.map((l) => ({ ...l })),
      }
    : { clientId: '', tax: defaultTaxRate, dueDate: defaultDueDate(), siteAddress: '', lineItems: [emptyLine()] };
