import { InvoicePage } from '@/features/invoices/components/invoice-page';

export default function InvoiceRoute() {
  return <InvoicePage />;
}
