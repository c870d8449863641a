import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { QUOTE_LOCKED_STATUSES, QUOTE_TRANSITIONS, type TQuoteTransitionAction } from '@docket/schemas/lifecycle';
import { CREDIT_MESSAGES } from '@docket/schemas/credit-note';
import { formatPence } from '@docket/schemas/money';
import type { THistoryAction } from '@docket/schemas/history';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { SnapshotsService } from '../snapshots/snapshots.service.ts';
import type { TQuote, TQuoteListQuery } from '@docket/schemas/document';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeOffsetCursor, toPageText } from '../../lib/pagination.ts';
import { JsonText, answerText, arrayText } from '../../lib/json-text.ts';
import { firstPageName, type KeptAnswer } from '../documents/kept-answer.ts';
import { isCustomOrder } from '../documents/document-order.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import { priceDocument, type DocumentInput } from '../documents/document-input.ts';
import { repriceStoredLines } from '../documents/line-items.ts';
import type { QuotesRepository } from './quotes.repository.ts';
import { toQuoteDto } from './quotes.mapper.ts';

export interface QuotesServiceDeps {
  settings: DocumentSettingsRepository;
  ownership: OwnershipRepository;
  history: HistoryRepository;
  snapshots: SnapshotsService;
  /** with a transaction: the race-free re-check under the counter lock */
  assertCanCreateQuote: (userId: string, tx?: Pick<Database, 'select'>) => Promise<void>;
  /** the first page of the list is kept per account version (docs/product.md, "Kept answers") */
  kept: KeptAnswer;
}

const HISTORY_SUMMARY: Record<TQuoteTransitionAction, string> = {
  send: 'Sent to the client',
  approve: 'Approved',
  decline: 'Declined',
  revert: 'Reverted to draft',
};

export function createQuotesService(repo: QuotesRepository, deps: QuotesServiceDeps) {
  /** Freezes what the quote's PDF prints as sent (docs/product.md, "Issued documents"). */
  const freeze = async (userId: string, id: string) => {
    const q = await repo.get(userId, id);
    if (!q) return;
    await deps.snapshots.freeze(undefined, userId, 'quote', id, q.clientId, {
      number: q.quoteNumber,
      createdAt: q.createdAt,
      taxRateBp: q.taxRateBp,
      subtotalPence: q.subtotalPence,
      taxPence: q.taxPence,
      totalPence: q.totalPence,
      lines: q.lines,
      siteAddress: q.siteAddress,
    });
  };
  const get = async (userId: string, id: string): Promise<TQuote> => {
    const row = await repo.get(userId, id);
    if (!row) throw AppError.notFound('Quote');
    return toQuoteDto(row);
  };

  return {
    get,
    // The HTTP reads answer JSON text PostgreSQL wrote (quote-answer-json.ts), the same bytes
    // toQuoteDto would give; the rest of the service keeps TQuote objects.
    async list(userId: string): Promise<JsonText> {
      return arrayText(await repo.listAnswers(userId), 'quotes');
    },
    async page(userId: string, q: TQuoteListQuery & { limit: number }): Promise<JsonText> {
      const workOut = async () => toPageText(await repo.listAnswers(userId, q), q.limit, 'quotes', isCustomOrder(q) ? decodeOffsetCursor(q.cursor) : undefined);
      const kept = firstPageName('quotes', q);
      return kept ? deps.kept(userId, kept, workOut) : workOut();
    },
    async getAnswer(userId: string, id: string): Promise<JsonText> {
      const row = await repo.getAnswer(userId, id);
      if (!row) throw AppError.notFound('Quote');
      return new JsonText(answerText(row, 'quote'));
    },
    async ofClient(userId: string, clientId: string): Promise<TQuote[]> {
      return (await repo.list(userId, { clientId })).map(toQuoteDto);
    },
    async recent(userId: string, n: number): Promise<TQuote[]> {
      return (await repo.list(userId, { limit: n })).slice(0, n).map(toQuoteDto);
    },
    async create(userId: string, input: DocumentInput): Promise<TQuote> {
      await deps.assertCanCreateQuote(userId);
      const settings = await deps.settings.read(userId);
      const fields = await priceDocument(deps.ownership, userId, input, () => settings.defaultTaxRateBp);
      const id = await repo.create(userId, settings.quotePrefix, fields, (tx) => deps.assertCanCreateQuote(userId, tx));
      const quote = await get(userId, id);
      await deps.history.appendNow(userId, 'quote', id, 'created', `Created ${quote.quoteNumber} for ${formatPence(fields.totalPence)}`);
      return quote;
    },
    /** A new DRAFT: same client, lines, VAT rate and site address; a new number and today's date. */
    async duplicate(userId: string, id: string): Promise<TQuote> {
      const source = await repo.get(userId, id);
      if (!source) throw AppError.notFound('Quote');
      await deps.assertCanCreateQuote(userId);
      const settings = await deps.settings.read(userId);
      const fields = { clientId: source.clientId, siteAddress: source.siteAddress, ...repriceStoredLines(source.lines, source.taxRateBp) };
      const newId = await repo.create(userId, settings.quotePrefix, fields, (tx) => deps.assertCanCreateQuote(userId, tx));
      const quote = await get(userId, newId);
      await deps.history.appendNow(userId, 'quote', newId, 'created', `Created ${quote.quoteNumber} for ${formatPence(fields.totalPence)} as a copy of ${source.quoteNumber}`);
      return quote;
    },
    /** A tax left out keeps the quote's current rate; number and status never change here. */
    async update(userId: string, id: string, input: DocumentInput): Promise<TQuote> {
      const current = await repo.get(userId, id);
      if (!current) throw AppError.notFound('Quote');
      if ((QUOTE_LOCKED_STATUSES as readonly string[]).includes(current.status)) throw AppError.conflict(CREDIT_MESSAGES.quoteApproved);
      const fields = await priceDocument(deps.ownership, userId, input, () => current.taxRateBp);
      if (!(await repo.update(userId, id, fields, QUOTE_LOCKED_STATUSES))) {
        if (await repo.get(userId, id)) throw AppError.conflict(CREDIT_MESSAGES.quoteApproved);
        throw AppError.notFound('Quote');
      }
      const changed = [
        current.clientId !== fields.clientId ? 'client' : null,
        current.taxRateBp !== fields.taxRateBp ? 'tax' : null,
        JSON.stringify(current.lines.map((l) => [l.description, Number(l.quantityMilli), Number(l.unitPricePence)])) !==
        JSON.stringify(fields.lines.map((l) => [l.description, l.quantityMilli, l.unitPricePence]))
          ? 'lines'
          : null,
      ].filter(Boolean);
      if (changed.length) await deps.history.appendNow(userId, 'quote', id, 'updated', `Changed ${changed.join(', ')}`);
      // A SENT quote stays editable: what the client is now shown is the edited one.
      if (current.status === 'SENT') await freeze(userId, id);
      return get(userId, id);
    },
    async transition(userId: string, id: string, action: TQuoteTransitionAction): Promise<TQuote> {
      const { from, to } = QUOTE_TRANSITIONS[action];
      if (!(await repo.transition(userId, id, from, to))) {
        const status = await repo.statusOf(userId, id);
        if (!status) throw AppError.notFound('Quote');
        throw AppError.conflict(ERROR_MESSAGES.illegalTransition(action, 'quote', status));
      }
      const historyAction: Record<TQuoteTransitionAction, THistoryAction> = { send: 'sent', approve: 'approved', decline: 'declined', revert: 'reverted' };
      await deps.history.appendNow(userId, 'quote', id, historyAction[action], HISTORY_SUMMARY[action]);
      if (action === 'send') await freeze(userId, id);
      return get(userId, id);
    },
    /** A quote an invoice was made from stays: the invoice's record points at it. */
    async remove(userId: string, id: string) {
      if (await repo.remove(userId, id)) return;
      const numbers = await repo.invoicesFrom(userId, id);
      if (numbers.length) throw AppError.conflict(CREDIT_MESSAGES.quoteInvoiced(numbers.join(', ')));
      throw AppError.notFound('Quote');
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
