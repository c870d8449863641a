import type { TReminderSettings } from '@docket/schemas/email';
import { apiPut } from '@/lib/api-client';

/** PUT /company/reminders */
export const saveReminderSettings = (body: TReminderSettings) => apiPut<TReminderSettings>('/company/reminders', body);
