import type { THistoryEntry } from '@docket/schemas/history';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /credit-notes/:id/history */
export const getCreditNoteHistory = (id: string) => apiGet<THistoryEntry[]>(`/credit-notes/${id}/history`);
export const creditNoteHistoryKey = (id: string) => [...queryKeys.creditNotes, id, 'history'] as const;
