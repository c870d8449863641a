import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { DEFAULT_DUE_DAYS } from '@docket/schemas/constants';
import { QUOTE_CONVERTIBLE_STATUSES, INVOICE_STAMPS, INVOICE_TRANSITIONS, INVOICE_VOIDABLE_STATUSES, type TInvoiceTransitionAction, type TStamp } from '@docket/schemas/lifecycle';
import { CREDIT_MESSAGES } from '@docket/schemas/credit-note';
import { PAYMENT_MESSAGES } from '@docket/schemas/payment';
import { formatPence, percentToBasisPoints, poundsToPence } from '@docket/schemas/money';
import { STAGE_MESSAGES, fixedVatOf, stageShare, type TQuoteInvoiceRequest } from '@docket/schemas/stage-invoice';
import type { TFixedVat } from '@docket/schemas/totals';
import type { THistoryAction } from '@docket/schemas/history';
import { DOCUMENT_MESSAGES, type TInvoice, type TInvoiceListQuery, type TLineItem } from '@docket/schemas/document';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays, londonDay, type Clock } from '../../lib/clock.ts';
import { decodeOffsetCursor, toPageText } from '../../lib/pagination.ts';
import { JsonText, answerText, arrayText } from '../../lib/json-text.ts';
import { firstPageName, type KeptAnswer } from '../documents/kept-answer.ts';
import { isCustomOrder } from '../documents/document-order.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import { cisOf, priceDocument } from '../documents/document-input.ts';
import type { InvoicesRepository } from './invoices.repository.ts';
import { toInvoiceDto } from './invoices.mapper.ts';
import type { InvoiceState, LockedInvoice } from './invoices.repository.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { SnapshotsService } from '../snapshots/snapshots.service.ts';
import { changedFields } from './invoice-edit.ts';
import { repriceStoredLines, totalsColumns, type DocumentTotals, type StoredLine } from '../documents/line-items.ts';
import { finalLines, liveInvoices, quoteGroups, remainingGroups, stageLines, totalsOf } from './quote-invoicing.ts';


/** The history entry each status action writes. */
const HISTORY_OF: Record<TInvoiceTransitionAction, THistoryAction> = { send: 'sent', pay: 'payment recorded', revert: 'reverted' };

export interface InvoiceInput {
  clientId: string;
  lineItems: TLineItem[];
  tax?: number;
  dueDate?: string;
  siteAddress?: string | null;
}

export interface InvoicesServiceDeps {
  settings: DocumentSettingsRepository;
  ownership: OwnershipRepository;
  clock: Clock;
  history: HistoryRepository;
  snapshots: SnapshotsService;
  /** PATCH pay: one payment of the whole balance, inside the transition's lock (docs/product.md, "Payments") */
  payInFull: (tx: Tx, userId: string, inv: LockedInvoice) => Promise<void>;
  /** with a transaction: the race-free re-check under the counter lock */
  assertCanCreateInvoice: (userId: string, tx?: Pick<Database, 'select'>) => Promise<void>;
  /** the first page of the list is kept per account version (docs/product.md, "Kept answers") */
  kept: KeptAnswer;
}

export function createInvoicesService(repo: InvoicesRepository, deps: InvoicesServiceDeps) {
  const today = () => londonDay(deps.clock());
  const defaultDueDate = () => addDays(today(), DEFAULT_DUE_DAYS);
  const get = async (userId: string, id: string): Promise<TInvoice> => {
    const row = await repo.get(userId, id, today());
    if (!row) throw AppError.notFound('Invoice');
    return toInvoiceDto(row);
  };
  const log = (tx: Tx, userId: string, id: string, action: THistoryAction, summary: string) =>
    deps.history.append(tx, userId, 'invoice', id, action, summary);
  /** Locks the invoice for a change; 404 when it is not the caller's. */
  const locked = async (tx: Tx, userId: string, id: string): Promise<LockedInvoice> => {
    const row = await repo.lock(tx, userId, id, today());
    if (!row) throw AppError.notFound('Invoice');
    return row;
  };
  const createdSummary = (number: string, totalPence: number, fromQuote = false) =>
    `Created ${number} for ${formatPence(totalPence)}${fromQuote ? ' from a quote' : ''}`;

  const fromQuoteOfType = async (userId: string, quoteId: string, request: TQuoteInvoiceRequest | { type: 'FULL'; dueDate?: string }): Promise<TInvoice> => {
    await deps.assertCanCreateInvoice(userId);
    const settings = await deps.settings.read(userId);
    const made = await repo.withLockedQuote(userId, quoteId, async (tx, q) => {
      if (!QUOTE_CONVERTIBLE_STATUSES.includes(q.status)) throw AppError.conflict(ERROR_MESSAGES.illegalTransition('convert', 'quote', q.status));
      const live = liveInvoices(q);
      if (request.type === 'FULL' && live.length) throw AppError.conflict(DOCUMENT_MESSAGES.quoteAlreadyConverted(live.map((i) => i.invoiceNumber).join(', ')));
      if (live.some((i) => i.type === 'FINAL' || i.type === 'FULL')) throw AppError.conflict(STAGE_MESSAGES.finalDone);
      let lines: StoredLine[];
      let totals: DocumentTotals;
      let fixedVat: TFixedVat[] | null = null;
      if (request.type === 'FULL') {
        lines = q.lines;
        totals = { taxRateBp: q.taxRateBp, subtotalPence: q.subtotalPence, taxPence: q.taxPence, totalPence: q.totalPence };
      } else if (request.type === 'FINAL') {
        lines = finalLines(q);
        const left = remainingGroups(q);
        totals = totalsOf(q, left);
        // Its VAT per code is what is left of the quote's, which net x rate can miss by a penny.
        fixedVat = fixedVatOf(left);
      } else {
        const ask = request.percent !== undefined ? { percentBp: percentToBasisPoints(request.percent) } : { amountPence: poundsToPence(request.amount ?? 0) };
        const share = stageShare(quoteGroups(q), remainingGroups(q), ask);
        if (share.kind === 'too-much') throw AppError.conflict(STAGE_MESSAGES.tooMuch(share.remainingPence));
        // A deposit or stage invoice is priced like any other from its lines (VAT per code on its own net).
        const priced = repriceStoredLines(stageLines(q, request.type, share.nets, request.percent, request.description), q.taxRateBp);
        lines = priced.lines;
        totals = priced;
      }
      // docs/product.md, "CIS and stage invoices": the deduction is on each invoice's labour lines.
      const client = await deps.ownership.clientTax(userId, q.clientId, tx);
      const cis = cisOf(settings.cisSubcontractor, client?.cisRate ?? null, lines, q.taxRateBp);
      const values = { clientId: q.clientId, quoteId, type: request.type, siteAddress: q.siteAddress, dueDate: request.dueDate ?? defaultDueDate(), lines, fixedVat, ...totalsColumns(totals), ...cis };
      const created = await repo.insertFromQuote(tx, userId, settings.invoicePrefix, values, (t) => deps.assertCanCreateInvoice(userId, t));
      const kind = request.type === 'FULL' ? '' : ` (${request.type.toLowerCase()})`;
      await log(tx, userId, created.id, 'created', `${createdSummary(created.invoiceNumber, totals.totalPence, true)}${kind}`);
      await deps.history.append(tx, userId, 'quote', quoteId, 'converted', `Invoiced${kind} as ${created.invoiceNumber} for ${formatPence(totals.totalPence)}`);
      return created.id;
    });
    if (made === null) throw AppError.notFound('Quote');
    return get(userId, made);
  };

  return {
    get,
    // The HTTP reads answer JSON text PostgreSQL wrote (invoice-answer-json.ts), the same bytes
    // toInvoiceDto would give; the rest of the service keeps TInvoice objects.
    async list(userId: string): Promise<JsonText> {
      return arrayText(await repo.listAnswers(userId, today()), 'invoices');
    },
    async page(userId: string, q: TInvoiceListQuery & { limit: number }): Promise<JsonText> {
      const workOut = async (day: string) => toPageText(await repo.listAnswers(userId, day, q), q.limit, 'invoices', isCustomOrder(q) ? decodeOffsetCursor(q.cursor) : undefined);
      const kept = firstPageName('invoices', q);
      return kept ? deps.kept(userId, kept, workOut) : workOut(today());
    },
    async getAnswer(userId: string, id: string): Promise<JsonText> {
      const row = await repo.getAnswer(userId, id, today());
      if (!row) throw AppError.notFound('Invoice');
      return new JsonText(answerText(row, 'invoice'));
    },
    async ofClient(userId: string, clientId: string): Promise<TInvoice[]> {
      return (await repo.list(userId, today(), { clientId })).map(toInvoiceDto);
    },
    async recent(userId: string, n: number): Promise<TInvoice[]> {
      return (await repo.list(userId, today(), { limit: n })).slice(0, n).map(toInvoiceDto);
    },
    async create(userId: string, input: InvoiceInput): Promise<TInvoice> {
      await deps.assertCanCreateInvoice(userId);
      const settings = await deps.settings.read(userId);
      const fields = await priceDocument(deps.ownership, userId, input, () => settings.defaultTaxRateBp);
      const cis = cisOf(settings.cisSubcontractor, fields.clientCisRate, fields.lines, fields.taxRateBp);
      const guard = (tx: Pick<Database, 'select'>) => deps.assertCanCreateInvoice(userId, tx);
      const id = await repo.create(userId, settings.invoicePrefix, { ...fields, ...cis, dueDate: input.dueDate ?? defaultDueDate() }, guard, (tx, newId, number) =>
        log(tx, userId, newId, 'created', createdSummary(number, fields.totalPence)),
      );
      return get(userId, id);
    },
    /** A new DRAFT: same client, lines, VAT rate and site address; a new number and today's dates. */
    async duplicate(userId: string, id: string): Promise<TInvoice> {
      const source = await repo.get(userId, id, today());
      if (!source) throw AppError.notFound('Invoice');
      await deps.assertCanCreateInvoice(userId);
      const settings = await deps.settings.read(userId);
      const priced = repriceStoredLines(source.lines, source.taxRateBp);
      const client = await deps.ownership.clientTax(userId, source.clientId);
      const cis = cisOf(settings.cisSubcontractor, client?.cisRate ?? null, priced.lines, priced.taxRateBp);
      const fields = { clientId: source.clientId, siteAddress: source.siteAddress, dueDate: defaultDueDate(), ...priced, ...cis };
      const guard = (tx: Pick<Database, 'select'>) => deps.assertCanCreateInvoice(userId, tx);
      const newId = await repo.create(userId, settings.invoicePrefix, fields, guard, (tx, madeId, number) =>
        log(tx, userId, madeId, 'created', `${createdSummary(number, fields.totalPence)} as a copy of ${source.invoiceNumber}`),
      );
      return get(userId, newId);
    },
    /**
     * A draft takes any edit. An issued invoice is a record: only its due date may change, and
     * only when the body's client, lines and tax equal the stored ones (docs/product.md).
     */
    async update(userId: string, id: string, input: InvoiceInput): Promise<TInvoice> {
      const current = await repo.get(userId, id, today());
      if (!current) throw AppError.notFound('Invoice');
      const fields = await priceDocument(deps.ownership, userId, input, () => current.taxRateBp);
      const settings = await deps.settings.read(userId);
      const cis = cisOf(settings.cisSubcontractor, fields.clientCisRate, fields.lines, fields.taxRateBp);
      await repo.transaction(async (tx) => {
        const cur = await locked(tx, userId, id);
        const next = { ...fields, ...cis, dueDate: input.dueDate ?? cur.dueDate };
        const changed = changedFields(cur, next);
        // A stage invoice's lines are the quote's share: like an issued invoice, only its due date moves.
        if (cur.status !== 'DRAFT' || (cur.quoteInvoiceType !== null && cur.quoteInvoiceType !== 'FULL')) {
          const fixed = cur.status === 'DRAFT' ? STAGE_MESSAGES.stageFixed : CREDIT_MESSAGES.invoiceChanged;
          if (cur.status === 'VOID' || changed.some((f) => f !== 'due date')) throw AppError.conflict(fixed);
          if (changed.length === 0) return;
          await repo.setDueDate(tx, id, next.dueDate);
          await log(tx, userId, id, 'updated', `Changed due date to ${next.dueDate}`);
          return;
        }
        await repo.updateDraft(tx, userId, id, next);
        if (changed.length) await log(tx, userId, id, 'updated', `Changed ${changed.join(', ')}`);
      });
      return get(userId, id);
    },
    /** The seed's full conversion: only while nothing has been invoiced from the quote. */
    async fromQuote(userId: string, quoteId: string, dueDate: string | undefined): Promise<TInvoice> {
      return fromQuoteOfType(userId, quoteId, { type: 'FULL', dueDate });
    },
    /** A deposit, stage or final invoice of an APPROVED quote (docs/product.md, "Invoicing a quote in stages"). */
    async inStages(userId: string, quoteId: string, request: TQuoteInvoiceRequest): Promise<TInvoice> {
      return fromQuoteOfType(userId, quoteId, request);
    },
    async transition(userId: string, id: string, action: TInvoiceTransitionAction): Promise<TInvoice> {
      const { from, to } = INVOICE_TRANSITIONS[action];
      const history = HISTORY_OF[action];
      await repo.transaction(async (tx) => {
        const cur = await locked(tx, userId, id);
        if (!from.includes(cur.status)) throw AppError.conflict(ERROR_MESSAGES.illegalTransition(action, 'invoice', cur.status));
        if (action === 'revert' && cur.creditedPence > 0) throw AppError.conflict(CREDIT_MESSAGES.revertWithCredits);
        if (action === 'revert' && cur.paidPence > 0) throw AppError.conflict(PAYMENT_MESSAGES.revertWithPayments);
        // Mark as Paid records one payment of the whole balance; the ledger then makes it PAID.
        if (action === 'pay') return deps.payInFull(tx, userId, cur);
        const now = deps.clock();
        // Which timestamps the new status records or clears: the lifecycle's rule.
        const stamps = INVOICE_STAMPS[to];
        const stamp = (rule: TStamp) => (rule === 'set' ? now : null);
        const state: InvoiceState = {
          status: to,
          ...(stamps.sentAt !== 'keep' ? { sentAt: stamp(stamps.sentAt) } : {}),
          ...(stamps.paidAt !== 'keep' ? { paidAt: stamp(stamps.paidAt) } : {}),
        };
        await repo.setState(tx, id, state);
        if (to === 'SENT') {
          await deps.snapshots.freeze(tx, userId, 'invoice', id, cur.clientId, {
            number: cur.invoiceNumber,
            createdAt: cur.createdAt,
            dueDate: cur.dueDate,
            taxRateBp: cur.taxRateBp,
            subtotalPence: cur.subtotalPence,
            taxPence: cur.taxPence,
            totalPence: cur.totalPence,
            lines: cur.lines,
            cisRateBp: cur.cisRateBp,
            fixedVat: cur.fixedVat,
            siteAddress: cur.siteAddress,
          });
        }
        if (to === 'DRAFT') await deps.snapshots.clear(tx, 'invoice', id);
        const summary = action === 'send' ? `Sent ${cur.invoiceNumber}` : 'Reverted to draft';
        await log(tx, userId, id, history, summary);
      });
      return get(userId, id);
    },
    /** Issued, nothing paid, no credit notes: the invoice keeps its number and counts in no total. */
    async void(userId: string, id: string, reason: string): Promise<TInvoice> {
      await repo.transaction(async (tx) => {
        const cur = await locked(tx, userId, id);
        if (!INVOICE_VOIDABLE_STATUSES.includes(cur.status)) throw AppError.conflict(CREDIT_MESSAGES.notVoidable(cur.status));
        if (cur.creditedPence > 0) throw AppError.conflict(CREDIT_MESSAGES.voidWithCredits);
        if (cur.paidPence > 0) throw AppError.conflict(PAYMENT_MESSAGES.voidWithPayments);
        await repo.setState(tx, id, { status: 'VOID', voidedAt: deps.clock(), voidReason: reason });
        await log(tx, userId, id, 'voided', `Voided: ${reason}`);
      });
      return get(userId, id);
    },
    /** Drafts only: an issued invoice is voided or credited, never deleted (no gap in the numbers). */
    async remove(userId: string, id: string) {
      await repo.transaction(async (tx) => {
        const cur = await locked(tx, userId, id);
        if (cur.status !== 'DRAFT') throw AppError.conflict(CREDIT_MESSAGES.invoiceDeleted);
        await repo.removeLocked(tx, id);
      });
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
