import type { TEmailTemplates } from '@docket/schemas/email';
import { apiPut } from '@/lib/api-client';

/** PUT /company/email-templates: any of the kinds; an unknown placeholder is refused naming it. */
export const saveEmailTemplates = (body: Partial<TEmailTemplates>) => apiPut<TEmailTemplates>('/company/email-templates', body);
