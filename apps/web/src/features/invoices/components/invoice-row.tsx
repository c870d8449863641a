import { invoiceNumberLabel } from '@docket/schemas/document';
import type { TInvoice } from '@docket/schemas/document';
import { invoiceFigures } from '@docket/schemas/document-figures';
import { formatPence } from '@docket/schemas/money';
import { formatDate, formatMoney } from '@/lib/format';
import { DocumentRow, type TRowAction } from '@/components/documents/document-row';
import { StatusBadge } from '@/components/ui/status-badge';

interface InvoiceRowProps {
  invoice: TInvoice;
  currencySymbol: string;
  reverseChargeWording?: string | null;
  compact: boolean;
  action?: TRowAction;
}

/** Something paid but not all of it (docs/product.md, "Payments"). */
const isPartPaid = (i: TInvoice) => i.amountPaid > 0 && i.balanceDue > 0;

/** One invoice in the list: the amount due from the one figure model, the total beside it where it differs. */
export function InvoiceRow({ invoice, currencySymbol, reverseChargeWording, compact, action }: InvoiceRowProps) {
  const figures = invoiceFigures(invoice, currencySymbol, reverseChargeWording);
  const due = formatPence(figures.amountDuePence, currencySymbol);
  const total = formatMoney(invoice.total, currencySymbol);
  const differs = figures.amountDuePence !== Math.round(invoice.total * 100) && invoice.status !== 'VOID';
  return (
    <DocumentRow
      to={`/invoices/${invoice.id}`}
      idPrefix={`invoice-${invoice.id}`}
      number={invoiceNumberLabel(invoice.invoiceNumber)}
      clientName={invoice.client?.name}
      date={
        <>
          Due <time dateTime={invoice.dueDate}>{formatDate(invoice.dueDate)}</time>
        </>
      }
      status={
        <span className="flex flex-wrap items-center gap-1">
          <StatusBadge status={invoice.status} />
          {isPartPaid(invoice) && invoice.status !== 'PAID' && (
            <span className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">Part paid</span>
          )}
        </span>
      }
      amountLabel={invoice.status === 'VOID' ? 'Total' : 'Amount due'}
      amount={invoice.status === 'VOID' ? total : due}
      amountNote={differs ? `of ${total}` : undefined}
      action={action}
      compact={compact}
    />
  );
}
