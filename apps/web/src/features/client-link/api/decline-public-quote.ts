import type { TPublicDocument } from '@docket/schemas/share';
import { publicRequest } from '@/lib/public-fetch';

/** POST /public/quotes/:token/decline: SENT -> DECLINED, with an optional reason. */
export const declinePublicQuote = (token: string, reason: string) =>
  publicRequest<TPublicDocument>(`/quotes/${encodeURIComponent(token)}/decline`, { method: 'POST', body: reason.trim() ? { reason } : {} });
