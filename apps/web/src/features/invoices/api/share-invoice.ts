import type { TShareLink } from '@docket/schemas/share';
import { apiPost } from '@/lib/api-client';

/** POST /invoices/:id/share: a new client link (a draft is issued first). */
export const shareInvoice = (id: string) => apiPost<TShareLink>(`/invoices/${id}/share`);
