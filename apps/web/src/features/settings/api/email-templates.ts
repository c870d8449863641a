import type { TEmailTemplates } from '@docket/schemas/email';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /company/email-templates: the account's templates over the defaults. */
export const getEmailTemplates = () => apiGet<TEmailTemplates>('/company/email-templates');
export const emailTemplatesKey = [...queryKeys.email, 'templates'] as const;
