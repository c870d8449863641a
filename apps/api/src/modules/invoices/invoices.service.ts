import { ERROR_MESSAGES } from '@docket/schemas/errors';
import type { TPage } from '@docket/schemas/common';
import { DEFAULT_DUE_DAYS } from '@docket/schemas/constants';
import { INVOICE_TRANSITIONS, type TInvoiceTransitionAction } from '@docket/schemas/lifecycle';
import { DOCUMENT_MESSAGES, type TInvoice, type TInvoiceListQuery, type TLineItem } from '@docket/schemas/document';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays, londonDay, type Clock } from '../../lib/clock.ts';
import { decodeOffsetCursor, toPage } from '../../lib/pagination.ts';
import { isCustomOrder } from '../documents/document-order.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import { priceDocument } from '../documents/document-input.ts';
import type { InvoicesRepository } from './invoices.repository.ts';
import { toInvoiceDto } from './invoices.mapper.ts';

export interface InvoiceInput {
  clientId: string;
  lineItems: TLineItem[];
  tax?: number;
  dueDate?: string;
}

export interface InvoicesServiceDeps {
  settings: DocumentSettingsRepository;
  ownership: OwnershipRepository;
  clock: Clock;
  /** with a transaction: the race-free re-check under the counter lock */
  assertCanCreateInvoice: (userId: string, tx?: Pick<Database, 'select'>) => Promise<void>;
}

export function createInvoicesService(repo: InvoicesRepository, deps: InvoicesServiceDeps) {
  const today = () => londonDay(deps.clock());
  const defaultDueDate = () => addDays(today(), DEFAULT_DUE_DAYS);
  const get = async (userId: string, id: string): Promise<TInvoice> => {
    const row = await repo.get(userId, id, today());
    if (!row) throw AppError.notFound('Invoice');
    return toInvoiceDto(row);
  };

  return {
    get,
    async list(userId: string): Promise<TInvoice[]> {
      return (await repo.list(userId, today())).map(toInvoiceDto);
    },
    async page(userId: string, q: TInvoiceListQuery & { limit: number }): Promise<TPage<TInvoice>> {
      return toPage(await repo.list(userId, today(), q), q.limit, toInvoiceDto, isCustomOrder(q) ? decodeOffsetCursor(q.cursor) : undefined);
    },
    async recent(userId: string, n: number): Promise<TInvoice[]> {
      return (await repo.list(userId, today(), { limit: n })).slice(0, n).map(toInvoiceDto);
    },
    async create(userId: string, input: InvoiceInput): Promise<TInvoice> {
      await deps.assertCanCreateInvoice(userId);
      const settings = await deps.settings.read(userId);
      const fields = await priceDocument(deps.ownership, userId, input, () => settings.defaultTaxRateBp);
      const guard = (tx: Pick<Database, 'select'>) => deps.assertCanCreateInvoice(userId, tx);
      const id = await repo.create(userId, settings.invoicePrefix, { ...fields, dueDate: input.dueDate ?? defaultDueDate() }, guard);
      return get(userId, id);
    },
    /** Tax or due date left out keep the invoice's current ones; number and status never change here. */
    async update(userId: string, id: string, input: InvoiceInput): Promise<TInvoice> {
      const current = await repo.get(userId, id, today());
      if (!current) throw AppError.notFound('Invoice');
      const fields = await priceDocument(deps.ownership, userId, input, () => current.taxRateBp);
      const dueDate = input.dueDate ?? current.dueDate;
      if (!(await repo.update(userId, id, { ...fields, dueDate }))) throw AppError.notFound('Invoice');
      return get(userId, id);
    },
    async fromQuote(userId: string, quoteId: string, dueDate: string | undefined): Promise<TInvoice> {
      await deps.assertCanCreateInvoice(userId);
      const settings = await deps.settings.read(userId);
      const outcome = await repo.createFromQuote(userId, quoteId, settings.invoicePrefix, dueDate ?? defaultDueDate(), (tx) =>
        deps.assertCanCreateInvoice(userId, tx),
      );
      if (outcome.kind === 'missing') throw AppError.notFound('Quote');
      if (outcome.kind === 'illegal') throw AppError.conflict(ERROR_MESSAGES.illegalTransition('convert', 'quote', outcome.status));
      if (outcome.kind === 'converted') throw AppError.conflict(DOCUMENT_MESSAGES.quoteAlreadyConverted(outcome.invoiceNumber));
      return get(userId, outcome.id);
    },
    async transition(userId: string, id: string, action: TInvoiceTransitionAction): Promise<TInvoice> {
      const { from, to } = INVOICE_TRANSITIONS[action];
      const day = today();
      if (!(await repo.transition(userId, id, day, from, to))) {
        const status = await repo.statusOf(userId, id, day);
        if (!status) throw AppError.notFound('Invoice');
        throw AppError.conflict(ERROR_MESSAGES.illegalTransition(action, 'invoice', status));
      }
      return get(userId, id);
    },
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Invoice');
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
