import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { QUOTE_LOCKED_STATUSES, QUOTE_TRANSITIONS, type TQuoteTransitionAction } from '@docket/schemas/lifecycle';
import { CREDIT_MESSAGES } from '@docket/schemas/credit-note';
import { formatPence } from '@docket/schemas/money';
import type { THistoryAction } from '@docket/schemas/history';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { QueueIssuedPdf, SnapshotsService } from '../snapshots/snapshots.service.ts';
import type { TQuote, TQuoteListQuery } from '@docket/schemas/document';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeOffsetCursor, toPage } from '../../lib/pagination.ts';
import type { Answer } from '../../lib/json-text.ts';
import type { TPage } from '@docket/schemas/common';
import type { KeptAnswer } from '../../cache/answer-cache.ts';
import { firstPageName } from '../documents/document-list-shape.ts';
import { isCustomOrder } from '../documents/document-order.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import { priceDocument, type DocumentInput } from '../documents/document-input.ts';
import { repriceStoredLines } from '../documents/line-items.ts';
import type { QuotesRepository } from './quotes.repository.ts';
import type { LinkRevoker } from '../documents/link-revoker.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import { STAGE_MESSAGES } from '@docket/schemas/stage-invoice';
import { toQuoteDto } from './quotes.mapper.ts';

export interface QuotesServiceDeps {
  settings: DocumentSettingsRepository;
  ownership: OwnershipRepository;
  history: HistoryRepository;
  snapshots: SnapshotsService;
  /** queues the render of a just-issued document's PDF, after its transaction (previews/issued-pdf-job.ts) */
  issuedPdf?: QueueIssuedPdf;
  /** a new client revokes the document's link (docs/product.md, "Client links") */
  revokeLinks: LinkRevoker;
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
    const frozen = await deps.snapshots.freeze(undefined, userId, 'quote', id, q.clientId, {
      number: q.quoteNumber,
      createdAt: q.createdAt,
      taxRateBp: q.taxRateBp,
      subtotalPence: q.subtotalPence,
      taxPence: q.taxPence,
      totalPence: q.totalPence,
      lines: q.lines,
      siteAddress: q.siteAddress,
    });
    if (frozen) await deps.issuedPdf?.(userId, 'quote', id);
  };
  const get = async (userId: string, id: string): Promise<TQuote> => {
    const row = await repo.get(userId, id);
    if (!row) throw AppError.notFound('Quote');
    return toQuoteDto(row);
  };

  return {
    get,
    // Every read and write answers what toQuoteDto builds; a kept first page is its JSON, serialised once.
    async list(userId: string): Promise<TQuote[]> {
      return (await repo.list(userId)).map(toQuoteDto);
    },
    async page(userId: string, q: TQuoteListQuery & { limit: number }): Promise<Answer<TPage<TQuote>>> {
      const workOut = async () => toPage(await repo.list(userId, q), q.limit, toQuoteDto, isCustomOrder(q) ? decodeOffsetCursor(q.cursor) : undefined);
      const kept = firstPageName('quotes', q);
      return kept ? deps.kept(userId, kept, workOut) : workOut();
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
      await deps.history.appendNow(
        userId,
        'quote',
        newId,
        'created',
        `Created ${quote.quoteNumber} for ${formatPence(fields.totalPence)} as a copy of ${source.quoteNumber}`,
      );
      return quote;
    },
    /** A tax left out keeps the quote's current rate; number and status never change here. */
    async update(userId: string, id: string, input: DocumentInput): Promise<TQuote> {
      const current = await repo.get(userId, id);
      if (!current) throw AppError.notFound('Quote');
      if ((QUOTE_LOCKED_STATUSES as readonly string[]).includes(current.status)) throw AppError.conflict(CREDIT_MESSAGES.quoteApproved);
      // Only an approved quote is invoiced and a revert is refused while its invoices count, so
      // this holds already; checked again because an invoiced quote must never be re-priced.
      const invoiced = await repo.liveInvoices(userId, id);
      if (invoiced.length) throw AppError.conflict(STAGE_MESSAGES.quoteFrozen(invoiced));
      const fields = await priceDocument(deps.ownership, userId, input, () => current.taxRateBp);
      // A link is for one client: a new client revokes it in the edit's own transaction, so no view
      // ever shows the new client's document through the old link.
      const revoke = current.clientId !== fields.clientId ? (tx: Tx) => deps.revokeLinks(tx, userId, 'quote', id) : undefined;
      if (!(await repo.update(userId, id, fields, QUOTE_LOCKED_STATUSES, revoke))) {
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
      const moved = await repo.transition(userId, id, from, to);
      if (typeof moved === 'object') throw AppError.conflict(STAGE_MESSAGES.quoteFrozen(moved.invoiced));
      if (!moved) {
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
