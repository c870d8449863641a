import type { TInvoiceReminders } from '@docket/schemas/email';
import { apiPut } from '@/lib/api-client';

/** PUT /invoices/:id/reminders: pause (or resume) payment reminders for one invoice */
export const setInvoiceReminders = (invoiceId: string, paused: boolean) => apiPut<TInvoiceReminders>(`/invoices/${invoiceId}/reminders`, { paused });
