import type { TExportFile } from '@docket/schemas/data-transfer';
import { basisPointsToPercent, milliToQuantity } from '@docket/schemas/money';
import type { TTotalsInPence } from '@docket/schemas/totals';
import { VAT_CODES, VAT_RATES, vatCodeForRate, type TVatCode } from '@docket/schemas/vat';
import { EXPENSE_CATEGORIES } from '@docket/schemas/expense';
import { money, type Cell, type Column } from './csv.ts';
import { vatTreatment } from '../documents/vat-category.ts';
import type {
  ClientExportRow,
  CreditNoteExportRow,
  InvoiceExportRow,
  ItemExportRow,
  BankLineExportRow,
  ExpenseExportRow,
  LineExportRow,
  PaymentExportRow,
  QuoteExportRow,
} from './exports.repository.ts';

/**
 * The pinned column sets of every CSV export (docs/data-transfer.md lists them). Headers never
 * change silently: the export tests pin them, so an accountant's spreadsheet keeps working.
 */

/** A document row with its figures from computeTotals (the API's and the PDF's). */
export type Totalled<R> = R & { totals: TTotalsInPence };

const percent = (bp: number) => String(basisPointsToPercent(bp));

/**
 * One net column per VAT code (docs/product.md, "VAT per line"), a VAT column for each code that
 * charges VAT, a reverse-charge VAT column for each reverse-charge code (the customer's to
 * account for, not in the total), and "other rate" columns for a custom document rate such as
 * 17.5%. Figures sit where they apply, blank elsewhere.
 */
function perCode<R>(): Column<Totalled<R>>[] {
  const group = (r: Totalled<R>, code: TVatCode | null) => r.totals.vatBreakdown.find((g) => g.vat === code);
  const net =
    (code: TVatCode | null) =>
    (r: Totalled<R>): Cell =>
      money(group(r, code)?.net);
  const vat =
    (code: TVatCode | null) =>
    (r: Totalled<R>): Cell =>
      money(group(r, code)?.vatAmount);
  return [
    ...VAT_CODES.flatMap((code): Column<Totalled<R>>[] => {
      const rate = VAT_RATES[code];
      const own = { header: `Net ${code}`, value: net(code) };
      if (rate.reverseCharge) return [own, { header: `Reverse-charge VAT ${code}`, value: vat(code) }];
      return rate.rateBp > 0 ? [own, { header: `VAT ${code}`, value: vat(code) }] : [own];
    }),
    { header: 'Other rate %', value: (r) => (group(r, null) ? percent(group(r, null)!.rateBp) : null) },
    { header: 'Net other rate', value: net(null) },
    { header: 'VAT other rate', value: vat(null) },
  ];
}

const invoices: Column<Totalled<InvoiceExportRow>>[] = [
  { header: 'Invoice number', value: (r) => r.invoice_number },
  { header: 'Issue date', value: (r) => r.issue_day },
  { header: 'Due date', value: (r) => r.due_date },
  { header: 'Status', value: (r) => r.status },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Client email', value: (r) => r.client_email },
  { header: 'Client VAT number', value: (r) => r.client_vat_number },
  { header: 'Net', value: (r) => money(r.subtotal_pence) },
  { header: 'VAT', value: (r) => money(r.tax_pence) },
  { header: 'Total', value: (r) => money(r.total_pence) },
  { header: 'Reverse-charge VAT', value: (r) => money(r.totals.reverseChargeVat) },
  // As stored at issue, like the API's `cis.deduction` and `amountDue`.
  { header: 'CIS deduction', value: (r) => (r.cis_rate_bp === null ? null : money(r.cis_deduction_pence)) },
  { header: 'Amount due', value: (r) => money(Number(r.total_pence) - Number(r.cis_deduction_pence)) },
  ...perCode<InvoiceExportRow>(),
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
  { header: 'Discount %', value: (r) => (r.discount_bp ? percent(r.discount_bp) : null) },
  { header: 'Unit', value: (r) => r.unit },
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Net', value: (r) => money(r.amount_pence) },
  // The line's own code, else the code of the document's rate (blank for a custom rate).
  { header: 'VAT code', value: (r) => r.vat ?? vatCodeForRate(r.tax_rate_bp) },
  // Nominal rate: a reverse-charge line shows the rate the customer accounts for.
  { header: 'VAT rate %', value: (r) => percent(r.vat ? VAT_RATES[r.vat].rateBp : r.tax_rate_bp) },
  { header: 'VAT category', value: (r) => vatTreatment({ vat: r.vat, taxRateBp: r.tax_rate_bp }).code },
];

const creditNotes: Column<Totalled<CreditNoteExportRow>>[] = [
  { header: 'Credit note number', value: (r) => r.credit_note_number },
  { header: 'Issue date', value: (r) => r.issue_day },
  { header: 'Invoice number', value: (r) => r.invoice_number },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Client email', value: (r) => r.client_email },
  { header: 'Client VAT number', value: (r) => r.client_vat_number },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Net', value: (r) => money(r.subtotal_pence) },
  { header: 'VAT', value: (r) => money(r.tax_pence) },
  { header: 'Total', value: (r) => money(r.total_pence) },
  { header: 'Reverse-charge VAT', value: (r) => money(r.totals.reverseChargeVat) },
  ...perCode<CreditNoteExportRow>(),
];

const payments: Column<PaymentExportRow>[] = [
  { header: 'Date', value: (r) => r.paid_on },
  { header: 'Invoice number', value: (r) => r.invoice_number },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Amount', value: (r) => money(r.amount_pence) },
  { header: 'Method', value: (r) => r.method },
  { header: 'Reference', value: (r) => r.reference },
];

const quotes: Column<Totalled<QuoteExportRow>>[] = [
  { header: 'Quote number', value: (r) => r.quote_number },
  { header: 'Issue date', value: (r) => r.issue_day },
  { header: 'Status', value: (r) => r.status },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Client email', value: (r) => r.client_email },
  { header: 'Net', value: (r) => money(r.subtotal_pence) },
  { header: 'VAT', value: (r) => money(r.tax_pence) },
  { header: 'Total', value: (r) => money(r.total_pence) },
  ...perCode<QuoteExportRow>(),
];

/** Headers the client import reads back unchanged, so an export is also an import file. */
const clients: Column<ClientExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Address', value: (r) => r.address },
  { header: 'Business', value: (r) => r.is_business },
  { header: 'VAT number', value: (r) => r.vat_number },
  // "20%"; empty when the client is not a CIS contractor (0% is a rate of its own).
  { header: 'CIS rate', value: (r) => (r.cis_rate === null ? null : `${r.cis_rate}%`) },
  // Empty when the client follows the company's terms.
  { header: 'Payment terms (days)', value: (r) => r.payment_terms_days },
  { header: 'Created', value: (r) => r.created_day },
];

const items: Column<ItemExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Description', value: (r) => r.description },
  { header: 'Price', value: (r) => money(r.price_pence) },
  // Read back by the item import, so an export is also an import file.
  { header: 'VAT code', value: (r) => r.vat },
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Unit', value: (r) => r.unit },
  { header: 'Created', value: (r) => r.created_day },
];

const expenses: Column<ExpenseExportRow>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'Supplier', value: (r) => r.supplier },
  { header: 'Description', value: (r) => r.description },
  { header: 'Category', value: (r) => r.category },
  { header: 'Category name', value: (r) => EXPENSE_CATEGORIES[r.category].name },
  { header: 'Allowable', value: (r) => (EXPENSE_CATEGORIES[r.category].allowable ? 'yes' : 'no') },
  { header: 'Net', value: (r) => money(r.net_pence) },
  { header: 'VAT code', value: (r) => r.vat },
  { header: 'VAT', value: (r) => money(r.vat_pence) },
  { header: 'Total', value: (r) => money(r.total_pence) },
  { header: 'Paid from', value: (r) => r.paid_from },
  { header: 'Client', value: (r) => r.client_name },
  { header: 'Receipt', value: (r) => (r.receipt ? 'yes' : 'no') },
];

const bankLines: Column<BankLineExportRow>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'Bank account', value: (r) => r.bank_account },
  { header: 'Description', value: (r) => r.description },
  { header: 'Amount', value: (r) => money(r.amount_pence) },
  { header: 'Balance', value: (r) => (r.balance_pence === null ? null : money(r.balance_pence)) },
  { header: 'Bank transaction id', value: (r) => r.bank_transaction_id },
  { header: 'Explained as', value: (r) => r.explained_type },
];

export const EXPORT_COLUMNS = {
  invoices,
  'invoice-lines': invoiceLines,
  'credit-notes': creditNotes,
  payments,
  quotes,
  clients,
  items,
  expenses,
  'bank-lines': bankLines,
} satisfies Record<TExportFile, unknown>;
