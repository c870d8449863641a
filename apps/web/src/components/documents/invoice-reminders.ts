import { useQuery } from '@tanstack/react-query';
import type { TInvoiceReminders } from '@docket/schemas/email';
import { apiGet, apiPost } from '@/lib/api-client';

/** every invoice's reminders (a pause or opt-out changes what is scheduled) */
export const allInvoiceRemindersKey = ['invoice-reminders'] as const;
export const invoiceRemindersKey = (invoiceId: string) => [...allInvoiceRemindersKey, invoiceId] as const;

/** GET /invoices/:id/reminders: paused or not, the next scheduled reminder (date and rule), the last one sent */
export const getInvoiceReminders = (invoiceId: string) => apiGet<TInvoiceReminders>(`/invoices/${invoiceId}/reminders`);

export const useInvoiceReminders = (invoiceId: string, enabled: boolean) =>
  useQuery({ queryKey: invoiceRemindersKey(invoiceId), queryFn: () => getInvoiceReminders(invoiceId), enabled });

/** POST /invoices/:id/reminders/send: "Send reminder now", under the sweep's no-double rules */
export const sendReminderNow = (invoiceId: string) => apiPost<TInvoiceReminders>(`/invoices/${invoiceId}/reminders/send`, {});
