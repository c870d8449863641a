import type { TDelivery } from '@docket/schemas/email';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /deliveries?documentId=: newest first. */
export const getDeliveries = (documentId: string) => apiGet<TDelivery[]>('/deliveries', { params: { documentId } });
export const deliveriesKey = (documentId: string) => [...queryKeys.email, 'deliveries', documentId] as const;
