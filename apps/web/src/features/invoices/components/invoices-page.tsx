import { invoiceNumberLabel } from '@docket/schemas/document';
import { useState } from 'react';
import { INVOICE_STATUSES } from '@docket/schemas/lifecycle';
import type { TInvoice } from '@docket/schemas/document';
import { useListFilters } from '@/lib/use-list-filters';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { DocumentsPage, type TDocumentsPageTexts } from '@/components/documents/documents-page';
import { useCreateInvoice } from '../api/create-invoice';
import { useInvoicesPages } from '../api/get-invoices-page';
import { useUpdateInvoice } from '../api/update-invoice';
import { invoiceFormValues } from './invoice-form-values';
import { InvoiceRow } from './invoice-row';
import { RecordPaymentDialog } from './record-payment-dialog';

/** The Invoices screen's words and toasts. */
const TEXTS: TDocumentsPageTexts = {
  title: 'Invoices',
  subtitle: 'Manage your invoices and payments',
  newButton: 'New Invoice',
  createTitle: 'Create New Invoice',
  editTitle: 'Edit Invoice',
  createSubmit: 'Create Invoice',
  updateSubmit: 'Update Invoice',
  loading: 'Loading invoices',
  list: 'Invoices',
  empty: 'No invoices found. Create your first invoice to get started.',
  filteredEmpty: 'No invoices match your search.',
  noun: 'invoices',
  created: 'Invoice created successfully',
  updated: 'Invoice updated successfully',
  saveFailed: 'Failed to save invoice',
};

const SKELETON = { testId: 'invoice-skeleton', className: 'h-20 w-full' };

/**
 * The Invoices screen (docs/product.md, "Document lists"): inline create form, then one row per
 * invoice (paged, searchable, sortable) opening its page; the one inline action is Record payment.
 */
export function InvoicesPage() {
  const listFilters = useListFilters();
  const invoices = useInvoicesPages(listFilters.filters);
  const createInvoice = useCreateInvoice();
  const updateInvoice = useUpdateInvoice();
  const company = useCompanyProfile();
  const currencySymbol = company.data?.currencySymbol || '£';
  const [paying, setPaying] = useState<TInvoice | null>(null);

  return (
    <>
      <DocumentsPage<TInvoice>
        kind="invoice"
        texts={TEXTS}
        statuses={INVOICE_STATUSES}
        listFilters={listFilters}
        pages={invoices}
        skeleton={SKELETON}
        formValues={invoiceFormValues}
        save={(values, invoice) => {
          const body = {
            clientId: values.clientId,
            lineItems: values.lineItems,
            tax: values.tax,
            dueDate: values.dueDate,
            siteAddress: values.siteAddress ?? null,
          };
          return invoice ? updateInvoice.mutateAsync({ id: invoice.id, body }) : createInvoice.mutateAsync(body);
        }}
        renderRow={(invoice, wiring) => (
          <InvoiceRow
            invoice={invoice}
            {...wiring}
            reverseChargeWording={company.data?.reverseChargeWording}
            action={
              invoice.balanceDue > 0 && ['SENT', 'OVERDUE', 'CREDITED'].includes(invoice.status)
                ? { label: 'Record payment', ariaLabel: `Record payment on ${invoiceNumberLabel(invoice.invoiceNumber)}`, onClick: () => setPaying(invoice) }
                : undefined
            }
          />
        )}
      />
      <RecordPaymentDialog invoice={paying} currencySymbol={currencySymbol} onClose={() => setPaying(null)} />
    </>
  );
}
