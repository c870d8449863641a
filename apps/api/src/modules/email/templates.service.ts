import { EMAIL_MESSAGES, EMAIL_TEMPLATE_KINDS, unknownPlaceholders, type TEmailTemplates, type TTemplatePreview } from '@docket/schemas/email';
import { AppError } from '../../lib/app-error.ts';
import type { TemplatesRepository } from './templates.repository.ts';
import { placeholderValues, type DocumentFacts, type EmailDocumentKind } from './email.service.ts';
import { renderEmail } from './render-email.ts';

export interface TemplatesServiceDeps {
  document: (userId: string, kind: EmailDocumentKind, id: string) => Promise<DocumentFacts>;
  companyName: (userId: string) => Promise<string>;
}

/** What a preview shows when no document is chosen. */
const SAMPLE: DocumentFacts = {
  id: '00000000-0000-4000-8000-000000000000',
  number: 'INV0001',
  status: 'SENT',
  clientId: '00000000-0000-4000-8000-000000000000',
  clientName: 'Sample Client Ltd',
  total: 1200,
  balanceDue: 1200,
  dueDate: '2026-12-31',
};

const SAMPLE_NUMBERS: Record<EmailDocumentKind, string> = { quote: 'Q0001', invoice: 'INV0001', credit_note: 'CN0001' };

export function createTemplatesService(repo: TemplatesRepository, deps: TemplatesServiceDeps) {
  return {
    all: (userId: string) => repo.all(userId),
    async save(userId: string, update: Partial<TEmailTemplates>): Promise<TEmailTemplates> {
      for (const kind of EMAIL_TEMPLATE_KINDS) {
        const t = update[kind];
        if (t) await repo.save(userId, kind, t.subject, t.body);
      }
      return repo.all(userId);
    },
    /** Render one template (the stored one, or the text being edited) against a real document. */
    async preview(
      userId: string,
      q: { kind: (typeof EMAIL_TEMPLATE_KINDS)[number]; documentId?: string; subject?: string; body?: string },
    ): Promise<TTemplatePreview> {
      const stored = (await repo.all(userId))[q.kind];
      const template = { subject: q.subject ?? stored.subject, body: q.body ?? stored.body };
      for (const text of [template.subject, template.body]) {
        const [unknown] = unknownPlaceholders(text);
        if (unknown !== undefined) throw AppError.badRequest(EMAIL_MESSAGES.unknownPlaceholder(unknown));
      }
      const docKind: EmailDocumentKind = q.kind === 'quote' || q.kind === 'credit_note' ? q.kind : 'invoice';
      const doc = q.documentId ? await deps.document(userId, docKind, q.documentId) : { ...SAMPLE, number: SAMPLE_NUMBERS[docKind] };
      const values = placeholderValues(doc, await deps.companyName(userId));
      if (q.kind === 'password_reset') values.link = 'https://docket.example/reset-password?token=…';
      // The email dialog edits this text and sends it: the link stays a placeholder the send fills
      // with a fresh client link. Without a document (Settings) a sample shows where it goes.
      // A draft invoice is numbered when the email issues it: its number stays a placeholder the send fills.
      if (q.documentId && docKind === 'invoice' && doc.status === 'DRAFT') values.documentNumber = '{{documentNumber}}';
      if (q.kind === 'quote' || q.kind === 'invoice' || q.kind === 'credit_note') values.link = q.documentId ? '{{link}}' : 'https://docket.example/p/…';
      return renderEmail(template, values);
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
