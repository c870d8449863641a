import type { TReminderSettings } from '@docket/schemas/email';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /company/reminders */
export const getReminderSettings = () => apiGet<TReminderSettings>('/company/reminders');
export const reminderSettingsKey = [...queryKeys.email, 'reminders'] as const;
