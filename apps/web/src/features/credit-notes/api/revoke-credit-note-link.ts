import { apiDelete } from '@/lib/api-client';

/** DELETE /credit-notes/:id/share: the client link stops working. */
export const revokeCreditNoteLink = (id: string) => apiDelete<{ revoked: boolean }>(`/credit-notes/${id}/share`);
