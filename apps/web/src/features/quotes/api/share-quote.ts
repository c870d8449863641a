import type { TShareLink } from '@docket/schemas/share';
import { apiPost } from '@/lib/api-client';

/** POST /quotes/:id/share: a new client link (a draft is issued first). */
export const shareQuote = (id: string) => apiPost<TShareLink>(`/quotes/${id}/share`);
