import { apiDelete } from '@/lib/api-client';

/** DELETE /quotes/:id/share: the client link stops working. */
export const revokeQuoteLink = (id: string) => apiDelete<{ revoked: boolean }>(`/quotes/${id}/share`);
