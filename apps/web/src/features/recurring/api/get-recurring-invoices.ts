import { useQuery } from '@tanstack/react-query';
import type { TRecurringInvoice } from '@docket/schemas/recurring';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /recurring-invoices */
export const getRecurringInvoices = () => apiGet<TRecurringInvoice[]>('/recurring-invoices');

export const useRecurringInvoices = () => useQuery({ queryKey: queryKeys.recurring, queryFn: getRecurringInvoices });
