import { invoiceNumberLabel } from '@docket/schemas/document';
import type { DocumentFacts, EmailDocumentKind } from '../email/email.service.ts';
import type { CreditNotesService } from '../credit-notes/credit-notes.service.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { PreviewsService } from '../previews/previews.service.ts';
import type { QuotesService } from '../quotes/quotes.service.ts';

interface Deps {
  quotes: Pick<QuotesService, 'get' | 'transition'>;
  invoices: Pick<InvoicesService, 'get' | 'transition'>;
  creditNotes: Pick<CreditNotesService, 'get'>;
  previews: Pick<PreviewsService, 'quote' | 'invoice' | 'creditNote'>;
  /** whether the company prints the late-payment notice (docs/product.md, "Reminders") */
  latePaymentNotice: (userId: string) => Promise<boolean>;
}

/**
 * The per-kind questions other modules ask of "a document" (email, templates, exports, e-invoices),
 * answered in one place, so no caller switches on quote, invoice or credit note itself.
 */
export function createDocumentsFacade({ quotes, invoices, creditNotes, previews, latePaymentNotice }: Deps) {
  return {
    /** What an email or a template preview says of the document. */
    async facts(userId: string, kind: EmailDocumentKind, id: string): Promise<DocumentFacts> {
      if (kind === 'quote') {
        const q = await quotes.get(userId, id);
        return {
          id,
          number: q.quoteNumber,
          status: q.status,
          clientId: q.clientId,
          clientName: q.client.name,
          total: q.total,
          balanceDue: null,
          dueDate: null,
        };
      }
      if (kind === 'credit_note') {
        const n = await creditNotes.get(userId, id);
        // A credit note is issued when it is made: its total is what it credits, nothing is due on it.
        return {
          id,
          number: n.creditNoteNumber,
          status: 'ISSUED',
          clientId: n.clientId,
          clientName: n.client.name,
          total: n.total,
          balanceDue: null,
          dueDate: null,
        };
      }
      const i = await invoices.get(userId, id);
      return {
        id,
        number: invoiceNumberLabel(i.invoiceNumber),
        status: i.status,
        clientId: i.clientId,
        clientName: i.client.name,
        total: i.total,
        amountDue: i.amountDue ?? i.total,
        balanceDue: i.balanceDue,
        dueDate: i.dueDate,
      };
    },
    /** Issues a draft quote or invoice (sending it issues it); a credit note is issued when made. */
    async issue(userId: string, kind: EmailDocumentKind, id: string): Promise<void> {
      if (kind === 'quote') await quotes.transition(userId, id, 'send');
      else if (kind === 'invoice') await invoices.transition(userId, id, 'send');
    },
    /** The document's PDF exactly as its preview renders it. */
    pdf(userId: string, kind: EmailDocumentKind, id: string) {
      if (kind === 'quote') return previews.quote(userId, id);
      return kind === 'invoice' ? previews.invoice(userId, id) : previews.creditNote(userId, id);
    },
    /**
     * Statutory interest and compensation for a reminder (docs/product.md, "Reminders"): the
     * invoice's own latePayment figures (business clients, overdue), only while the notice is on.
     */
    async lateFigures(userId: string, invoiceId: string) {
      if (!(await latePaymentNotice(userId))) return null;
      const late = (await invoices.get(userId, invoiceId)).latePayment;
      return late ? { interest: late.interest, compensation: late.compensation } : null;
    },
  };
}
