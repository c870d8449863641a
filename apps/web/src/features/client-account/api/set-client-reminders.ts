import { apiPut } from '@/lib/api-client';

/** PUT /clients/:id/reminders: stop (or restart) payment reminders to this client */
export const setClientReminders = (clientId: string, optOut: boolean) => apiPut<{ optOut: boolean }>(`/clients/${clientId}/reminders`, { optOut });
