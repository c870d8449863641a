import type { TExportFile } from '@docket/schemas/data-transfer';
import { milliToQuantity } from '@docket/schemas/money';
import { money, type Cell, type Column } from './csv.ts';
import { VAT_CATEGORY_CODES, vatTreatment, type VatCategoryCode } from '../documents/vat-category.ts';
import type {
  ClientExportRow,
  CreditNoteExportRow,
  InvoiceExportRow,
  ItemExportRow,
  LineExportRow,
  PaymentExportRow,
  QuoteExportRow,
} from './exports.repository.ts';

/**
 * The pinned column sets of every CSV export (docs/data-transfer.md lists them). Headers never
 * change silently: the export tests pin them, so an accountant's spreadsheet keeps working.
 */

/** A row's VAT treatment: the one mapping (vat-category.ts) fed with the row's rate. */
const vatOf = (r: { tax_rate_bp: number }) => vatTreatment({ taxRateBp: r.tax_rate_bp });

const percent = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');

interface Totals {
  tax_rate_bp: number;
  subtotal_pence: string | number;
  tax_pence: string | number;
}

/** One net column per VAT category and one VAT column per chargeable category: figures sit where they apply, blank elsewhere. */
function perCategory<R extends Totals>(): Column<R>[] {
  const at = (row: R, code: VatCategoryCode, what: 'net' | 'vat'): Cell => {
    if (vatOf(row).code !== code) return null;
    return money(what === 'net' ? row.subtotal_pence : row.tax_pence);
  };
  return VAT_CATEGORY_CODES.flatMap((code): Column<R>[] => [
    { header: `Net ${code}`, value: (r) => at(r, code, 'net') },
    ...(code === 'S' ? [{ header: `VAT ${code}`, value: (r: R) => at(r, code, 'vat') }] : []),
  ]);
}

const vatColumns = <R extends Totals>(): Column<R>[] => [
  { header: 'VAT category', value: (r) => vatOf(r).code },
  { header: 'VAT rate %', value: (r) => percent(vatOf(r).rateBp) },
];

const invoices: Column<InvoiceExportRow>[] = [
  { header: 'Invoice number', value: (r) => r.invoice_number },
  { header: 'Issue date', value: (r) => r.issue_day },
  { header: 'Due date', value: (r) => r.due_date },
  { header: 'Status', value: (r) => r.status },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Client email', value: (r) => r.client_email },
  { header: 'Client VAT number', value: (r) => r.client_vat_number },
  ...vatColumns<InvoiceExportRow>(),
  { header: 'Net', value: (r) => money(r.subtotal_pence) },
  { header: 'VAT', value: (r) => money(r.tax_pence) },
  { header: 'Total', value: (r) => money(r.total_pence) },
  ...perCategory<InvoiceExportRow>(),
  { header: 'Credited', value: (r) => money(r.credited_pence) },
  { header: 'Paid', value: (r) => money(r.paid_pence) },
  { header: 'Voided on', value: (r) => r.voided_day },
  { header: 'Void reason', value: (r) => r.void_reason },
];

const invoiceLines: Column<LineExportRow>[] = [
  { header: 'Invoice number', value: (r) => r.document_number },
  { header: 'Issue date', value: (r) => r.issue_day },
  { header: 'Status', value: (r) => r.status },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Line', value: (r) => r.position + 1 },
  { header: 'Description', value: (r) => r.description },
  { header: 'Quantity', value: (r) => milliToQuantity(r.quantity_milli) },
  { header: 'Unit price', value: (r) => money(r.unit_price_pence) },
  { header: 'Net', value: (r) => money(r.amount_pence) },
  { header: 'VAT category', value: (r) => vatOf(r).code },
  { header: 'VAT rate %', value: (r) => percent(vatOf(r).rateBp) },
];

const creditNotes: Column<CreditNoteExportRow>[] = [
  { header: 'Credit note number', value: (r) => r.credit_note_number },
  { header: 'Issue date', value: (r) => r.issue_day },
  { header: 'Invoice number', value: (r) => r.invoice_number },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Client email', value: (r) => r.client_email },
  { header: 'Client VAT number', value: (r) => r.client_vat_number },
  { header: 'Reason', value: (r) => r.reason },
  ...vatColumns<CreditNoteExportRow>(),
  { header: 'Net', value: (r) => money(r.subtotal_pence) },
  { header: 'VAT', value: (r) => money(r.tax_pence) },
  { header: 'Total', value: (r) => money(r.total_pence) },
  ...perCategory<CreditNoteExportRow>(),
];

const payments: Column<PaymentExportRow>[] = [
  { header: 'Date', value: (r) => r.paid_on },
  { header: 'Invoice number', value: (r) => r.invoice_number },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Amount', value: (r) => money(r.amount_pence) },
  { header: 'Method', value: (r) => r.method },
  { header: 'Reference', value: (r) => r.reference },
];

const quotes: Column<QuoteExportRow>[] = [
  { header: 'Quote number', value: (r) => r.quote_number },
  { header: 'Issue date', value: (r) => r.issue_day },
  { header: 'Status', value: (r) => r.status },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Client email', value: (r) => r.client_email },
  ...vatColumns<QuoteExportRow>(),
  { header: 'Net', value: (r) => money(r.subtotal_pence) },
  { header: 'VAT', value: (r) => money(r.tax_pence) },
  { header: 'Total', value: (r) => money(r.total_pence) },
];

/** Headers the client import reads back unchanged, so an export is also an import file. */
const clients: Column<ClientExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Address', value: (r) => r.address },
  { header: 'Business', value: (r) => r.is_business },
  { header: 'VAT number', value: (r) => r.vat_number },
  { header: 'Created', value: (r) => r.created_day },
];

const items: Column<ItemExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Description', value: (r) => r.description },
  { header: 'Price', value: (r) => money(r.price_pence) },
  { header: 'Created', value: (r) => r.created_day },
];

export const EXPORT_COLUMNS = {
  invoices,
  'invoice-lines': invoiceLines,
  'credit-notes': creditNotes,
  payments,
  quotes,
  clients,
  items,
} satisfies Record<TExportFile, unknown>;
