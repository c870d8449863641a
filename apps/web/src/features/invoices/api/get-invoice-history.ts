import type { THistoryEntry } from '@docket/schemas/history';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /invoices/:id/history: oldest first. Under the invoices key, so every invoice change refreshes it. */
export const getInvoiceHistory = (id: string) => apiGet<THistoryEntry[]>(`/invoices/${id}/history`);
export const invoiceHistoryKey = (id: string) => [...queryKeys.invoices, id, 'history'] as const;
