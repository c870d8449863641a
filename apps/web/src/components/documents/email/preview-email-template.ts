import type { TTemplatePreview } from '@docket/schemas/email';
import { apiPost } from '@/lib/api-client';

/** POST /company/email-templates/preview: a template filled for a real document (or a sample). */
export const previewEmailTemplate = (body: { kind: string; documentId?: string; subject?: string; body?: string }) =>
  apiPost<TTemplatePreview>('/company/email-templates/preview', body);
