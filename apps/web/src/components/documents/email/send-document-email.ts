import type { TEmailDocumentRequest, TEmailQueued } from '@docket/schemas/email';
import { apiPost } from '@/lib/api-client';

export type TEmailDocumentKind = 'quote' | 'invoice' | 'credit_note';

const PATHS: Record<TEmailDocumentKind, string> = { quote: 'quotes', invoice: 'invoices', credit_note: 'credit-notes' };

/** POST /{quotes|invoices|credit-notes}/:id/email: 202 with the delivery; a draft is issued by it. */
export const sendDocumentEmail = (kind: TEmailDocumentKind, id: string, body: TEmailDocumentRequest) =>
  apiPost<TEmailQueued>(`/${PATHS[kind]}/${id}/email`, body);
