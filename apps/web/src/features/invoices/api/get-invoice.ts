import { useQuery } from '@tanstack/react-query';
import type { TInvoice } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /invoices/:id: the invoice's page (under the invoices key, so every invoice change refreshes it). */
export const useInvoice = (id: string) =>
  useQuery({ queryKey: [...queryKeys.invoices, 'one', id] as const, queryFn: () => apiGet<TInvoice>(`/invoices/${id}`) });
