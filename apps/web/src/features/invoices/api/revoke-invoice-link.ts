import { apiDelete } from '@/lib/api-client';

/** DELETE /invoices/:id/share: the client link stops working. */
export const revokeInvoiceLink = (id: string) => apiDelete<{ revoked: boolean }>(`/invoices/${id}/share`);
