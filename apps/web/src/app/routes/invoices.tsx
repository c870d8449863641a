import { InvoicesPage } from '@/features/invoices/components/invoices-page';

export default function InvoicesRoute() {
  return <InvoicesPage />;
}
