import type { TPublicDocument } from '@docket/schemas/share';
import { publicRequest } from '@/lib/public-fetch';

export interface AcceptInput {
  name: string;
  /** PNG data URL drawn on the pad, or null */
  signature: string | null;
  agreeTerms: boolean;
  /** the version the page showed: accepting a quote changed since answers 409 */
  version: number;
}

/** POST /public/quotes/:token/accept: SENT -> APPROVED with the customer's name and signature. */
export const acceptPublicQuote = (token: string, input: AcceptInput) =>
  publicRequest<TPublicDocument>(`/quotes/${encodeURIComponent(token)}/accept`, { method: 'POST', body: input });
