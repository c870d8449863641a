import type { TStatementLink } from '@docket/schemas/online-payment';
import { apiDelete, apiPost } from '@/lib/api-client';

/** POST /clients/:id/statement-link: a new statement link (any earlier one stops working). */
export const createStatementLink = (clientId: string) => apiPost<TStatementLink>(`/clients/${clientId}/statement-link`);
/** DELETE /clients/:id/statement-link */
export const revokeStatementLink = (clientId: string) => apiDelete<{ revoked: boolean }>(`/clients/${clientId}/statement-link`);
