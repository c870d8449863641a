import type { TOutboxMessage } from '@docket/schemas/email';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /email/outbox: messages kept because no mail server is configured. */
export const getOutbox = () => apiGet<TOutboxMessage[]>('/email/outbox');
export const outboxKey = [...queryKeys.email, 'outbox'] as const;
