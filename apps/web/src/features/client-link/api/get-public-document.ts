import type { TPublicDocument } from '@docket/schemas/share';
import { publicRequest } from '@/lib/public-fetch';

/** GET /public/documents/:token: what the customer may see of the shared quote or invoice. */
export const getPublicDocument = (token: string) => publicRequest<TPublicDocument>(`/documents/${encodeURIComponent(token)}`);

/** The same PDF as the business's preview. */
export const publicPdfUrl = (token: string) => `/api/public/documents/${encodeURIComponent(token)}/pdf`;
