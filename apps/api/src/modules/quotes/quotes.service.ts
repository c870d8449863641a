import { ERROR_MESSAGES } from '@docket/schemas/errors';
import type { TPage } from '@docket/schemas/common';
import { QUOTE_TRANSITIONS, type TQuoteTransitionAction } from '@docket/schemas/lifecycle';
import type { TQuote, TQuoteListQuery } from '@docket/schemas/document';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeOffsetCursor, toPage } from '../../lib/pagination.ts';
import { isCustomOrder } from '../documents/document-order.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import { priceDocument, type DocumentInput } from '../documents/document-input.ts';
import type { QuotesRepository } from './quotes.repository.ts';
import { toQuoteDto } from './quotes.mapper.ts';

export interface QuotesServiceDeps {
  settings: DocumentSettingsRepository;
  ownership: OwnershipRepository;
  /** with a transaction: the race-free re-check under the counter lock */
  assertCanCreateQuote: (userId: string, tx?: Pick<Database, 'select'>) => Promise<void>;
}

export function createQuotesService(repo: QuotesRepository, deps: QuotesServiceDeps) {
  const get = async (userId: string, id: string): Promise<TQuote> => {
    const row = await repo.get(userId, id);
    if (!row) throw AppError.notFound('Quote');
    return toQuoteDto(row);
  };

  return {
    get,
    async list(userId: string): Promise<TQuote[]> {
      return (await repo.list(userId)).map(toQuoteDto);
    },
    async page(userId: string, q: TQuoteListQuery & { limit: number }): Promise<TPage<TQuote>> {
      return toPage(await repo.list(userId, q), q.limit, toQuoteDto, isCustomOrder(q) ? decodeOffsetCursor(q.cursor) : undefined);
    },
    async recent(userId: string, n: number): Promise<TQuote[]> {
      return (await repo.list(userId, { limit: n })).slice(0, n).map(toQuoteDto);
    },
    async create(userId: string, input: DocumentInput): Promise<TQuote> {
      await deps.assertCanCreateQuote(userId);
      const settings = await deps.settings.read(userId);
      const fields = await priceDocument(deps.ownership, userId, input, () => settings.defaultTaxRateBp);
      const id = await repo.create(userId, settings.quotePrefix, fields, (tx) => deps.assertCanCreateQuote(userId, tx));
      return get(userId, id);
    },
    /** A tax left out keeps the quote's current rate; number and status never change here. */
    async update(userId: string, id: string, input: DocumentInput): Promise<TQuote> {
      const current = await repo.get(userId, id);
      if (!current) throw AppError.notFound('Quote');
      const fields = await priceDocument(deps.ownership, userId, input, () => current.taxRateBp);
      if (!(await repo.update(userId, id, fields))) throw AppError.notFound('Quote');
      return get(userId, id);
    },
    async transition(userId: string, id: string, action: TQuoteTransitionAction): Promise<TQuote> {
      const { from, to } = QUOTE_TRANSITIONS[action];
      if (!(await repo.transition(userId, id, from, to))) {
        const status = await repo.statusOf(userId, id);
        if (!status) throw AppError.notFound('Quote');
        throw AppError.conflict(ERROR_MESSAGES.illegalTransition(action, 'quote', status));
      }
      return get(userId, id);
    },
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Quote');
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
