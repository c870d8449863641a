import { queryKeys } from '@/lib/query-keys';
import { useInvalidate } from '@/lib/use-invalidate';

/**
 * Everything an invoice change can show up in: the invoice list, the dashboard figures, the monthly
 * usage in the subscription panel, and calendar events (they embed their invoice's status and total).
 */
const INVOICE_DATA = [
  queryKeys.invoices,
  queryKeys.creditNotes,
  queryKeys.dashboard,
  queryKeys.subscription,
  queryKeys.calendar,
  queryKeys.agedDebtors,
  queryKeys.clientAccounts,
];

export const useInvalidateInvoiceData = () => useInvalidate(INVOICE_DATA);
