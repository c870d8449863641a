import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { buildDocumentModel, type PdfDocumentSource } from '../../pdf/document-model.ts';
import { renderPdf } from '../../pdf/render-pdf.ts';
import type { QuotesRepository } from '../quotes/quotes.repository.ts';
import type { InvoicesRepository } from '../invoices/invoices.repository.ts';
import type { CompanyRepository } from '../company/company.repository.ts';
import type { ClientsRepository } from '../clients/clients.repository.ts';

export interface RenderedPdf {
  fileName: string;
  pdf: Buffer;
}

/** A PDF reads the same document the API answers with, then the company and client it needs. */
export interface PreviewsSources {
  quotes: Pick<QuotesRepository, 'get'>;
  invoices: Pick<InvoicesRepository, 'get'>;
  company: Pick<CompanyRepository, 'get'>;
  clients: Pick<ClientsRepository, 'get'>;
}

export function createPreviewsService(repo: PreviewsSources, clock: Clock) {
  async function render(userId: string, what: 'Quote' | 'Invoice', source: PdfDocumentSource | null, clientId: string | null) {
    if (!source || !clientId) throw AppError.notFound(what);
    const company = await repo.company.get(userId);
    if (!company) throw AppError.conflict(ERROR_MESSAGES.companyRequiredForPdf);
    const client = await repo.clients.get(userId, clientId);
    if (!client) throw AppError.notFound('Client');
    const model = buildDocumentModel(company, client, source);
    return { fileName: model.fileName, pdf: await renderPdf(model, company.template) } satisfies RenderedPdf;
  }

  return {
    async quote(userId: string, id: string): Promise<RenderedPdf> {
      const q = await repo.quotes.get(userId, id);
      const source: PdfDocumentSource | null = q && {
        kind: 'quote',
        number: q.quoteNumber,
        status: q.status,
        createdAt: q.createdAt,
        taxRateBp: q.taxRateBp,
        subtotalPence: q.subtotalPence,
        taxPence: q.taxPence,
        totalPence: q.totalPence,
        lines: q.lines,
      };
      return render(userId, 'Quote', source, q?.clientId ?? null);
    },
    async invoice(userId: string, id: string): Promise<RenderedPdf> {
      const inv = await repo.invoices.get(userId, id, londonDay(clock()));
      const source: PdfDocumentSource | null = inv && {
        kind: 'invoice',
        number: inv.invoiceNumber,
        status: inv.status,
        createdAt: inv.createdAt,
        dueDate: inv.dueDate,
        taxRateBp: inv.taxRateBp,
        subtotalPence: inv.subtotalPence,
        taxPence: inv.taxPence,
        totalPence: inv.totalPence,
        lines: inv.lines,
      };
      return render(userId, 'Invoice', source, inv?.clientId ?? null);
    },
  };
}
export type PreviewsService = ReturnType<typeof createPreviewsService>;
