import type { TShareLink } from '@docket/schemas/share';
import { apiPost } from '@/lib/api-client';

/** POST /credit-notes/:id/share: a new client link (it replaces any earlier one). */
export const shareCreditNote = (id: string) => apiPost<TShareLink>(`/credit-notes/${id}/share`);
