import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /invoices (the plain list, newest first). */
export const getInvoices = () => apiGet<TInvoice[]>('/invoices');

export const invoicesQueryOptions = () => queryOptions({ queryKey: queryKeys.invoices, queryFn: getInvoices });

export const useInvoices = () => useQuery(invoicesQueryOptions());
