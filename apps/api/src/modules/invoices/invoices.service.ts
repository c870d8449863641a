import { ERROR_MESSAGES } from '@docket/schemas/errors';
import {
  QUOTE_CONVERTIBLE_STATUSES,
  INVOICE_STAMPS,
  INVOICE_TRANSITIONS,
  INVOICE_VOIDABLE_STATUSES,
  type TInvoiceTransitionAction,
  type TStamp,
} from '@docket/schemas/lifecycle';
import { CREDIT_MESSAGES } from '@docket/schemas/credit-note';
import { PAYMENT_MESSAGES } from '@docket/schemas/payment';
import { formatPence, percentToBasisPoints, poundsToPence } from '@docket/schemas/money';
import { STAGE_MESSAGES, fixedVatOf, stageShare, type TQuoteInvoiceRequest } from '@docket/schemas/stage-invoice';
import type { TFixedVat } from '@docket/schemas/totals';
import type { THistoryAction } from '@docket/schemas/history';
import { DOCUMENT_MESSAGES, invoiceNumberLabel, type TInvoice, type TInvoiceListQuery, type TLineItem } from '@docket/schemas/document';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays, londonDay, type Clock } from '../../lib/clock.ts';
import { decodeOffsetCursor } from '../../lib/pagination.ts';
import type { Answer, JsonText } from '../../lib/json-text.ts';
import type { AnswerTexts } from '../../cache/answer-texts.ts';
import { createInvoiceAnswers } from './invoice-answers.ts';
import type { TPage } from '@docket/schemas/common';
import { isCustomOrder } from '../documents/document-order.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import { cisOf, priceDocument } from '../documents/document-input.ts';
import type { InvoicesRepository } from './invoices.repository.ts';
import type { CountedLimit } from '../documents/create-guard.ts';
import { toInvoiceDto } from './invoices.mapper.ts';
import type { InvoiceState, LockedInvoice } from './invoices.repository.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { QueueIssuedPdf, SnapshotsService } from '../snapshots/snapshots.service.ts';
import { changedFields, sameLines } from './invoice-edit.ts';
import type { LinkRevoker } from '../documents/link-revoker.ts';
import { priceLines, repriceStoredLines, totalsColumns, type DocumentTotals, type StoredLine } from '../documents/line-items.ts';
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
  /** queues the render of a just-issued document's PDF, after its transaction (previews/issued-pdf-job.ts) */
  issuedPdf?: QueueIssuedPdf;
  /** a new client revokes the document's link (docs/product.md, "Client links") */
  revokeLinks: LinkRevoker;
  /** PATCH pay: one payment of the whole balance, inside the transition's lock (docs/product.md, "Payments") */
  payInFull: (tx: Tx, userId: string, inv: LockedInvoice) => Promise<void>;
  /** with a transaction: the race-free re-check under the counter lock */
  assertCanCreateInvoice: (userId: string, tx?: Pick<Database, 'select'>) => Promise<void>;
  /** the same limit, counted by the insert itself under the counter lock (null: the plan sets none) */
  invoiceLimit: (userId: string) => CountedLimit | null;
  /** invoice answers kept per invoice, in this process (docs/product.md, "Kept invoice answers") */
  answerTexts: AnswerTexts;
  /** issuing, reverting or voiding an invoice dated in a filed VAT period is refused */
  filedPeriods?: { assertOpen(accountId: string, day: string, tx?: Tx): Promise<void> };
}

export function createInvoicesService(repo: InvoicesRepository, deps: InvoicesServiceDeps) {
  const today = () => londonDay(deps.clock());
  const answers = createInvoiceAnswers(repo, deps.answerTexts);
  /** docs/product.md, "Payment terms": today plus the client's terms, else the company's (30 days by default). */
  const termsDueDate = (settings: { paymentTermsDays: number }, clientTermsDays: number | null | undefined) =>
    addDays(today(), clientTermsDays ?? settings.paymentTermsDays);
  const get = async (userId: string, id: string): Promise<TInvoice> => {
    const answer = await answers.fresh(userId, today(), id);
    if (!answer) throw AppError.notFound('Invoice');
    return answer;
  };
  const log = (tx: Tx, userId: string, id: string, action: THistoryAction, summary: string) => deps.history.append(tx, userId, 'invoice', id, action, summary);
  /** A history entry that goes in with the invoice it describes, in one statement. */
  const entry = (userId: string, id: string, action: THistoryAction, summary: string) => deps.history.entry(userId, 'invoice', id, action, summary);
  /** Locks the invoice for a change; 404 when it is not the caller's. */
  const locked = async (tx: Tx, userId: string, id: string): Promise<LockedInvoice> => {
    const row = await repo.lock(tx, userId, id, today());
    if (!row) throw AppError.notFound('Invoice');
    return row;
  };
  // A draft has no number yet (given at issue: docs/product.md, "Document numbers").
  const createdSummary = (totalPence: number, fromQuote = false) => `Created a draft for ${formatPence(totalPence)}${fromQuote ? ' from a quote' : ''}`;

  /**
   * docs/product.md, "Editing a final invoice": a draft final's own lines change like any draft's;
   * the body carries those lines only (a deduction is never a priced line a user sends), and the
   * deductions of the earlier invoices are kept as they were made. Its client and VAT rate stay
   * the quote's; its total stays above £0 and never above what it charged when made (what was
   * left of the quote), so the quote's invoices never add up to more than was agreed.
   */
  const updateFinalDraft = async (tx: Tx, userId: string, cur: LockedInvoice, input: InvoiceInput, cisSubcontractor: boolean, clientCisRate: number | null) => {
    const taxRateBp = input.tax === undefined ? cur.taxRateBp : percentToBasisPoints(input.tax);
    if (input.clientId !== cur.clientId || taxRateBp !== cur.taxRateBp) throw AppError.conflict(STAGE_MESSAGES.finalKeepsQuote);
    const deductions = cur.lines.filter((l) => Number(l.amountPence) < 0);
    const own = cur.lines.filter((l) => Number(l.amountPence) >= 0);
    const body = priceLines(input.lineItems, taxRateBp);
    const dueDate = input.dueDate ?? cur.dueDate;
    const sameOwn = sameLines(own, body.lines);
    if (sameOwn) {
      if (dueDate === cur.dueDate) return;
      await repo.setDueDate(tx, cur.id, dueDate);
      await log(tx, userId, cur.id, 'updated', `Changed due date to ${dueDate}`);
      return;
    }
    const priced = repriceStoredLines([...body.lines, ...deductions], taxRateBp);
    if (priced.totalPence <= 0) throw AppError.conflict(STAGE_MESSAGES.notPositive(priced.totalPence));
    if (priced.totalPence > cur.totalPence) throw AppError.conflict(STAGE_MESSAGES.finalAboveLeft(cur.totalPence));
    const cis = cisOf(cisSubcontractor, clientCisRate, priced.lines, taxRateBp);
    await repo.updateDraft(tx, userId, cur.id, { clientId: cur.clientId, siteAddress: input.siteAddress, ...priced, fixedVat: null, ...cis, dueDate });
    await log(tx, userId, cur.id, 'updated', `Changed lines${dueDate !== cur.dueDate ? ', due date' : ''}`);
  };

  const fromQuoteOfType = async (userId: string, quoteId: string, request: TQuoteInvoiceRequest | { type: 'FULL'; dueDate?: string }): Promise<TInvoice> => {
    await deps.assertCanCreateInvoice(userId);
    const settings = await deps.settings.read(userId);
    const made = await repo.withLockedQuote(userId, quoteId, async (tx, q) => {
      if (!QUOTE_CONVERTIBLE_STATUSES.includes(q.status)) throw AppError.conflict(ERROR_MESSAGES.illegalTransition('convert', 'quote', q.status));
      const live = liveInvoices(q);
      if (request.type === 'FULL' && live.length)
        throw AppError.conflict(DOCUMENT_MESSAGES.quoteAlreadyConverted(live.map((i) => invoiceNumberLabel(i.invoiceNumber)).join(', ')));
      if (live.some((i) => i.type === 'FINAL' || i.type === 'FULL')) throw AppError.conflict(STAGE_MESSAGES.finalDone);
      let lines: StoredLine[];
      let totals: DocumentTotals;
      let fixedVat: TFixedVat[] | null = null;
      if (request.type === 'FULL') {
        lines = q.lines;
        totals = { taxRateBp: q.taxRateBp, subtotalPence: q.subtotalPence, taxPence: q.taxPence, totalPence: q.totalPence };
      } else if (request.type === 'FINAL') {
        if (live.some((i) => i.status === 'DRAFT')) throw AppError.conflict(STAGE_MESSAGES.finalAfterDrafts);
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
      // docs/product.md, "Invoicing a quote in stages": never a £0 or negative invoice from a quote.
      if (totals.totalPence <= 0) throw AppError.conflict(STAGE_MESSAGES.notPositive(totals.totalPence));
      // docs/product.md, "CIS and stage invoices": the deduction is on each invoice's labour lines.
      const client = await deps.ownership.clientTax(userId, q.clientId, tx);
      const cis = cisOf(settings.cisSubcontractor, client?.cisRate ?? null, lines, q.taxRateBp);
      const dueDate = request.dueDate ?? termsDueDate(settings, client?.paymentTermsDays);
      const values = {
        clientId: q.clientId,
        quoteId,
        type: request.type,
        siteAddress: q.siteAddress,
        dueDate,
        lines,
        fixedVat,
        ...totalsColumns(totals),
        ...cis,
      };
      const kind = request.type === 'FULL' ? '' : ` (${request.type.toLowerCase()})`;
      const created = await repo.insertFromQuote(
        tx,
        userId,
        values,
        (t) => deps.assertCanCreateInvoice(userId, t),
        (newId) => [
          entry(userId, newId, 'created', `${createdSummary(totals.totalPence, true)}${kind}`),
          deps.history.entry(userId, 'quote', quoteId, 'converted', `Invoiced${kind} as a draft invoice for ${formatPence(totals.totalPence)}`),
        ],
      );
      return created.id;
    });
    if (made === null) throw AppError.notFound('Quote');
    return get(userId, made);
  };

  return {
    get,
    /** GET /invoices/{id}: the answer as kept for the invoice's key (docs/product.md, "Kept invoice answers"). */
    async answer(userId: string, id: string): Promise<JsonText<TInvoice>> {
      const text = await answers.one(userId, today(), id);
      if (!text) throw AppError.notFound('Invoice');
      return text;
    },
    // Every read and write answers what toInvoiceDto builds; a list's invoices are kept one by one, as JSON.
    async list(userId: string): Promise<TInvoice[]> {
      return (await repo.list(userId, today())).map(toInvoiceDto);
    },
    async page(userId: string, q: TInvoiceListQuery & { limit: number }): Promise<Answer<TPage<TInvoice>>> {
      return answers.page(userId, today(), q, isCustomOrder(q) ? decodeOffsetCursor(q.cursor) : undefined);
    },
    async ofClient(userId: string, clientId: string): Promise<TInvoice[]> {
      return (await repo.list(userId, today(), { clientId })).map(toInvoiceDto);
    },
    async recent(userId: string, n: number): Promise<TInvoice[]> {
      return (await repo.list(userId, today(), { limit: n })).slice(0, n).map(toInvoiceDto);
    },
    async create(userId: string, input: InvoiceInput): Promise<TInvoice> {
      // The plan limit is checked once, under the invoice counter's lock, by the insert itself
      // (CountedLimit): a check before the lock could be passed by a parallel create anyway.
      const { settings, client } = await deps.settings.readWithClient(userId, input.clientId);
      const fields = await priceDocument({ clientTax: async () => client }, userId, input, () => settings.defaultTaxRateBp);
      const cis = cisOf(settings.cisSubcontractor, fields.clientCisRate, fields.lines, fields.taxRateBp);
      const dueDate = input.dueDate ?? termsDueDate(settings, fields.clientPaymentTermsDays);
      const id = await repo.create(userId, { ...fields, ...cis, dueDate }, deps.invoiceLimit(userId), (newId) => [
        entry(userId, newId, 'created', createdSummary(fields.totalPence)),
      ]);
      return get(userId, id);
    },
    /** A new DRAFT: same client, lines, VAT rate and site address; today's dates; its number comes at issue. */
    async duplicate(userId: string, id: string): Promise<TInvoice> {
      const source = await repo.get(userId, id, today());
      if (!source) throw AppError.notFound('Invoice');
      await deps.assertCanCreateInvoice(userId);
      const settings = await deps.settings.read(userId);
      // A final's deduction lines ("Less deposit INV0001", priced below zero) take off the quote's
      // earlier invoices; a copy is never linked to the quote, and no form or PUT accepts a line
      // below zero, so the copy leaves them out and edits like any draft (docs/product.md, "Duplicate").
      const priced = repriceStoredLines(
        source.lines.filter((l) => Number(l.unitPricePence) >= 0),
        source.taxRateBp,
      );
      const client = await deps.ownership.clientTax(userId, source.clientId);
      const cis = cisOf(settings.cisSubcontractor, client?.cisRate ?? null, priced.lines, priced.taxRateBp);
      const fields = {
        clientId: source.clientId,
        siteAddress: source.siteAddress,
        dueDate: termsDueDate(settings, client?.paymentTermsDays),
        ...priced,
        ...cis,
      };
      const guard = (tx: Pick<Database, 'select'>) => deps.assertCanCreateInvoice(userId, tx);
      const newId = await repo.create(userId, fields, guard, (madeId) => [
        entry(userId, madeId, 'created', `${createdSummary(fields.totalPence)} as a copy of ${invoiceNumberLabel(source.invoiceNumber)}`),
      ]);
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
        if (cur.status === 'DRAFT' && cur.quoteInvoiceType === 'FINAL')
          return updateFinalDraft(tx, userId, cur, input, settings.cisSubcontractor, fields.clientCisRate);
        const next = { ...fields, ...cis, dueDate: input.dueDate ?? cur.dueDate };
        const changed = changedFields(cur, next);
        // A deposit or stage invoice's lines are the quote's share: like an issued invoice, only its due date moves.
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
        if (changed.includes('client')) await deps.revokeLinks(tx, userId, 'invoice', id);
      });
      return get(userId, id);
    },
    /**
     * "Change due date": the due date alone, whatever the lines (a final invoice's deduction lines
     * never pass through the line rules again). A void invoice keeps its dates.
     */
    async changeDueDate(userId: string, id: string, dueDate: string): Promise<TInvoice> {
      await repo.transaction(async (tx) => {
        const cur = await locked(tx, userId, id);
        if (cur.status === 'VOID') throw AppError.conflict(CREDIT_MESSAGES.invoiceChanged);
        if (cur.dueDate === dueDate) return;
        await repo.setDueDate(tx, id, dueDate);
        await log(tx, userId, id, 'updated', `Changed due date to ${dueDate}`);
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
      // Read before the transaction: on PGlite a read outside it would wait for it.
      const prefix = action === 'send' ? (await deps.settings.read(userId)).invoicePrefix : '';
      await repo.transaction(async (tx) => {
        const cur = await locked(tx, userId, id);
        if (!from.includes(cur.status)) throw AppError.conflict(ERROR_MESSAGES.illegalTransition(action, 'invoice', cur.status));
        if (action === 'send' || action === 'revert') await deps.filedPeriods?.assertOpen(userId, londonDay(cur.createdAt), tx);
        if (action === 'revert' && cur.creditedPence > 0) throw AppError.conflict(CREDIT_MESSAGES.revertWithCredits);
        if (action === 'revert' && cur.paidPence > 0) throw AppError.conflict(PAYMENT_MESSAGES.revertWithPayments);
        // Issuing: an invoice due before the day it is dated (its issue date on the PDF) is a mistake, never sent.
        if (action === 'send' && cur.dueDate < londonDay(cur.createdAt)) {
          throw AppError.conflict(DOCUMENT_MESSAGES.dueBeforeIssue(cur.dueDate, londonDay(cur.createdAt)));
        }
        // A negative invoice stored before the rule existed is never issued.
        if (action === 'send' && cur.totalPence < 0) throw AppError.conflict(STAGE_MESSAGES.notPositive(cur.totalPence));
        // Mark as Paid records one payment of the whole balance; the ledger then makes it PAID.
        if (action === 'pay') return deps.payInFull(tx, userId, cur);
        // docs/product.md, "Document numbers": the number is given here, under the counter's lock, so
        // issued numbers run without gaps; a deleted draft never had one.
        const number = action === 'send' ? await repo.assignNumber(tx, userId, id, prefix) : cur.invoiceNumber;
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
            number: number!,
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
        const summary = action === 'send' ? `Sent ${number}` : 'Reverted to draft';
        await log(tx, userId, id, history, summary);
      });
      if (to === 'SENT') await deps.issuedPdf?.(userId, 'invoice', id);
      return get(userId, id);
    },
    /** Issued, nothing paid, no credit notes: the invoice keeps its number and counts in no total. */
    async void(userId: string, id: string, reason: string): Promise<TInvoice> {
      await repo.transaction(async (tx) => {
        const cur = await locked(tx, userId, id);
        if (!INVOICE_VOIDABLE_STATUSES.includes(cur.status)) throw AppError.conflict(CREDIT_MESSAGES.notVoidable(cur.status));
        if (cur.creditedPence > 0) throw AppError.conflict(CREDIT_MESSAGES.voidWithCredits);
        if (cur.paidPence > 0) throw AppError.conflict(PAYMENT_MESSAGES.voidWithPayments);
        await deps.filedPeriods?.assertOpen(userId, londonDay(cur.createdAt), tx);
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
