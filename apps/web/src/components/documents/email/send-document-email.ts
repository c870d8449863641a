import type { TEmailDocumentRequest, TEmailQueued } from '@docket/schemas/email';
import { apiPost } from '@/lib/api-client';

export type TEmailDocumentKind = 'quote' | 'invoice';

/** POST /{quotes|invoices}/:id/email: 202 with the delivery; a draft is issued by it. */
export const sendDocumentEmail = (kind: TEmailDocumentKind, id: string, body: TEmailDocumentRequest) =>
  apiPost<TEmailQueued>(`/${kind}s/${id}/email`, body);
