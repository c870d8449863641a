import type { TAcceptance } from '@docket/schemas/share';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /quotes/:id/acceptance: who accepted an approved quote through its link, and their signature. */
export const getQuoteAcceptance = (id: string) => apiGet<TAcceptance | null>(`/quotes/${id}/acceptance`);
export const quoteAcceptanceKey = (id: string) => [...queryKeys.quotes, id, 'acceptance'] as const;
