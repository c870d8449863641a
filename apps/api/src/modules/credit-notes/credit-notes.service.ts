import { invoiceNumberLabel } from '@docket/schemas/document';
import type { TPage } from '@docket/schemas/common';
import { CREDIT_MESSAGES, creditablePence, type TCreditNote, type TCreditNoteListQuery } from '@docket/schemas/credit-note';
import { INVOICE_CREDITABLE_STATUSES } from '@docket/schemas/lifecycle';
import { formatPence } from '@docket/schemas/money';
import type { ZCreditNoteRequest } from '@docket/schemas/credit-note';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/pagination.ts';
import { priceLines, type PricedDocument } from '../documents/line-items.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { InvoicesRepository } from '../invoices/invoices.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { QueueIssuedPdf, SnapshotsService } from '../snapshots/snapshots.service.ts';
import type { CreditNotesRepository } from './credit-notes.repository.ts';
import { toCreditNoteDto } from './credit-notes.mapper.ts';

export type CreditNoteInput = z.output<typeof ZCreditNoteRequest>;

export interface CreditNotesServiceDeps {
  invoices: InvoicesRepository;
  settings: DocumentSettingsRepository;
  history: HistoryRepository;
  snapshots: SnapshotsService;
  /** queues the render of a just-issued document's PDF, after its transaction (previews/issued-pdf-job.ts) */
  issuedPdf?: QueueIssuedPdf;
  clock: Clock;
}

const ZERO_CREDIT = 'A credit note must be for more than £0.00';

/** Credit notes: the only way an issued invoice's amount changes (docs/product.md, "Credit notes"). */
export function createCreditNotesService(repo: CreditNotesRepository, deps: CreditNotesServiceDeps) {
  const get = async (userId: string, id: string): Promise<TCreditNote> => {
    const row = await repo.get(userId, id);
    if (!row) throw AppError.notFound('Credit note');
    return toCreditNoteDto(row);
  };

  return {
    get,
    async list(userId: string): Promise<TCreditNote[]> {
      return (await repo.list(userId)).map(toCreditNoteDto);
    },
    async ofClient(userId: string, clientId: string): Promise<TCreditNote[]> {
      return (await repo.list(userId, { clientId })).map(toCreditNoteDto);
    },
    async page(userId: string, q: TCreditNoteListQuery & { limit: number }): Promise<TPage<TCreditNote>> {
      return toPage(await repo.list(userId, q), q.limit, toCreditNoteDto);
    },

    /**
     * No lines credits the whole invoice; lines credit part of it at the invoice's VAT rate.
     * The invoice row is locked for the whole check-allocate-insert, so two credits against one
     * invoice queue and the second sees the first; the number counter has its own lock.
     */
    async create(userId: string, invoiceId: string, input: CreditNoteInput): Promise<TCreditNote> {
      const settings = await deps.settings.read(userId);
      const id = await deps.invoices.transaction(async (tx) => {
        const inv = await deps.invoices.lock(tx, userId, invoiceId, londonDay(deps.clock()));
        if (!inv) throw AppError.notFound('Invoice');
        if (!INVOICE_CREDITABLE_STATUSES.includes(inv.status)) throw AppError.conflict(CREDIT_MESSAGES.notCreditable(inv.status));
        const priced: PricedDocument = input.lineItems
          ? priceLines(input.lineItems, inv.taxRateBp)
          : {
              taxRateBp: inv.taxRateBp,
              subtotalPence: inv.subtotalPence,
              taxPence: inv.taxPence,
              totalPence: inv.totalPence,
              lines: inv.lines,
              fixedVat: inv.fixedVat,
            };
        if (priced.totalPence <= 0) throw AppError.badRequest(ZERO_CREDIT, { lineItems: ZERO_CREDIT });
        const left = creditablePence({ total: inv.totalPence, credited: inv.creditedPence });
        if (priced.totalPence > left) throw AppError.conflict(CREDIT_MESSAGES.overCredit(left));
        const note = await repo.insert(tx, userId, settings.creditNotePrefix, { invoiceId, clientId: inv.clientId, reason: input.reason }, priced);
        await deps.snapshots.freeze(tx, userId, 'credit_note', note.id, inv.clientId, {
          number: note.creditNoteNumber,
          createdAt: note.createdAt,
          taxRateBp: priced.taxRateBp,
          subtotalPence: priced.subtotalPence,
          taxPence: priced.taxPence,
          totalPence: priced.totalPence,
          lines: priced.lines,
          fixedVat: priced.fixedVat ?? null,
          invoiceNumber: invoiceNumberLabel(inv.invoiceNumber),
          invoiceCreatedAt: inv.createdAt,
          reason: input.reason,
        });
        const amount = formatPence(priced.totalPence);
        await deps.history.append(
          tx,
          userId,
          'credit_note',
          note.id,
          'created',
          `Issued ${note.creditNoteNumber} against ${invoiceNumberLabel(inv.invoiceNumber)} for ${amount}: ${input.reason}`,
        );
        await deps.history.append(tx, userId, 'invoice', invoiceId, 'credited', `Credit note ${note.creditNoteNumber} for ${amount}: ${input.reason}`);
        // Credits alone settling an unpaid invoice make it CREDITED; with payments it is PAID (lifecycle's ledgerStatus).
        await deps.invoices.settleFromLedger(tx, invoiceId);
        return note.id;
      });
      await deps.issuedPdf?.(userId, 'credit_note', id);
      return get(userId, id);
    },
  };
}
export type CreditNotesService = ReturnType<typeof createCreditNotesService>;
