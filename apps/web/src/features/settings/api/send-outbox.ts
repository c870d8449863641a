import { apiPost } from '@/lib/api-client';

/** POST /email/outbox/send: queue every outbox message (409 while no mail server is configured). */
export const sendOutbox = () => apiPost<{ queued: number }>('/email/outbox/send', {});
