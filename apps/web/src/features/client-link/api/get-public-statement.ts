import type { TPublicStatement } from '@docket/schemas/online-payment';
import { publicRequest } from '@/lib/public-fetch';

/** GET /public/statements/:token: the client's open invoices, oldest first, and the total due. */
export const getPublicStatement = (token: string) => publicRequest<TPublicStatement>(`/statements/${encodeURIComponent(token)}`);
