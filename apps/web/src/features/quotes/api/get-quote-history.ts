import type { THistoryEntry } from '@docket/schemas/history';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /quotes/:id/history: oldest first. Under the quotes key, so every quote change refreshes it. */
export const getQuoteHistory = (id: string) => apiGet<THistoryEntry[]>(`/quotes/${id}/history`);
export const quoteHistoryKey = (id: string) => [...queryKeys.quotes, id, 'history'] as const;
