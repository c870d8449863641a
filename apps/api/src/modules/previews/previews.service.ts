import type { SessionClaim, SessionLookup } from '../../cache/session-check.ts';
import { invoiceNumberLabel } from '@docket/schemas/document';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { buildDocumentModel, pdfFileName, type PdfDocumentSource } from '../../pdf/document-model.ts';
import { renderPdf } from '../../pdf/render-pdf.ts';
import type { QuotesRepository } from '../quotes/quotes.repository.ts';
import type { InvoicesRepository } from '../invoices/invoices.repository.ts';
import type { CompanyRepository, CompanyRow } from '../company/company.repository.ts';
import type { ClientRow, ClientsRepository } from '../clients/clients.repository.ts';
import { PdfRenderFailed } from '../../pdf/render-pool.ts';
import type { CreditNotesRepository } from '../credit-notes/credit-notes.repository.ts';
import type { SnapshotTable, SnapshotsRepository } from '../snapshots/snapshots.repository.ts';
import { makeSnapshot, snapshotSource } from '../snapshots/document-snapshot.ts';
import { pdfModelHash } from '../../pdf/model-hash.ts';
import type { DraftInputs, KeptPdf, PreviewsRepository, PrintedInvoice } from './previews.repository.ts';
import { balanceKeyOf, issuedLiveKey, payUrlOf } from './issued-live-key.ts';
import { creditEntry, paymentEntry } from '@docket/schemas/document-figures';
import type { HeldPdfBytes } from '../../cache/pdf-byte-cache.ts';

type StoredSnapshot = Awaited<ReturnType<PreviewsSources['snapshots']['read']>>;

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
  creditNotes: Pick<CreditNotesRepository, 'get'>;
  snapshots: Pick<SnapshotsRepository, 'read' | 'parties' | 'store'>;
  /** an approved quote's acceptance through its client link, printed on its PDF */
  acceptance: (userId: string, quoteId: string) => Promise<PdfDocumentSource['acceptance']>;
  issuedPdfs: Pick<PreviewsRepository, 'stored' | 'keep' | 'keptInvoice' | 'keptInvoiceForSession' | 'keptCreditNote'>;
  /**
   * The pay page's short link (online-payments.repository.ts): whether payments are on and the
   * invoice's pay code; `base` is PUBLIC_URL (no QR code without it: a PDF is kept, not per request).
   */
  payLinks?: {
    base: string | null;
    state: (userId: string, invoiceId: string) => Promise<{ on: boolean; code: string | null }>;
    ensure: (userId: string, invoiceId: string) => Promise<string>;
  };
}

/** Normalises a logo stored before uploads were normalised (company module); bytes safe to embed. */
export type LogoForPdf = (company: CompanyRow) => Promise<Buffer | null>;

async function pdfOf(model: ReturnType<typeof buildDocumentModel>, template: string | null | undefined): Promise<RenderedPdf> {
  try {
    return { fileName: model.fileName, pdf: await renderPdf(model, template) };
  } catch (err) {
    // Only this request fails; the error middleware logs the cause with the request id.
    if (err instanceof PdfRenderFailed) throw new AppError('INTERNAL', ERROR_MESSAGES.pdfFailed, undefined, { cause: err });
    throw err;
  }
}

export function createPreviewsService(repo: PreviewsSources, clock: Clock, logoForPdf: LogoForPdf, held: HeldPdfBytes) {
  const payBase = repo.payLinks?.base ?? null;
  /** `read`: the company as the caller already read it in this request, else read here. */
  async function render(userId: string, what: 'Quote' | 'Invoice', source: PdfDocumentSource | null, clientId: string | null, read?: CompanyRow | null) {
    if (!source || !clientId) throw AppError.notFound(what);
    // both at once: on PostgreSQL two pooled connections, one round trip of waiting instead of two
    const [company, client] = await Promise.all([read === undefined ? repo.company.get(userId) : read, repo.clients.get(userId, clientId)]);
    return renderWith(source, company, client);
  }

  async function renderWith(source: PdfDocumentSource, company: CompanyRow | null, client: ClientRow | null) {
    if (!company) throw AppError.conflict(ERROR_MESSAGES.companyRequiredForPdf);
    if (!client) throw AppError.notFound('Client');
    const model = buildDocumentModel({ ...company, logo: await logoForPdf(company) }, client, source);
    return pdfOf(model, company.template);
  }

  /** A draft from what the session's query read of it (previews.repository.ts, `draft`): nothing more is read. */
  function draftPreview({ invoice, company, client }: DraftInputs): Promise<RenderedPdf> {
    // a draft has no payments or credit notes; the late-payment notice follows the client read with it
    const printed = { ...invoice, status: 'DRAFT' as const, clientIsBusiness: client?.isBusiness ?? false, payments: [], credits: [] };
    return renderWith(invoiceSourceOf(printed, company), company, client);
  }

  /**
   * An issued document renders from what was frozen at issue, so later changes to the company,
   * the client or the template never alter it; only the status mark (and an invoice's due
   * date, the one field an issued invoice may change) come from the live row. A document
   * issued before snapshots existed, or without a company profile then, is frozen now.
   */
  /** `read`: the snapshot as already read alongside the document's live inputs, else read here. */
  async function frozen(userId: string, what: string, kind: SnapshotTable, id: string, live: PdfDocumentSource, clientId: string, read?: StoredSnapshot) {
    const stored = read === undefined ? await repo.snapshots.read(userId, kind, id) : read;
    if (!stored) throw AppError.notFound(what);
    let { snapshot, logo, snapshotMd5 } = stored;
    if (!snapshot) {
      snapshotMd5 = null;
      // A logo stored before uploads were normalised is normalised first, so a snapshot only ever holds safe bytes.
      const company = await repo.company.get(userId);
      if (company) await logoForPdf(company);
      const parties = await repo.snapshots.parties(userId, clientId);
      if (!parties) throw AppError.conflict(ERROR_MESSAGES.companyRequiredForPdf);
      ({ snapshot, logo } = makeSnapshot(parties, live));
      await repo.snapshots.store(kind, id, snapshot, logo);
    }
    return { snapshot, logo, snapshotMd5 };
  }

  async function renderIssued(userId: string, what: string, kind: SnapshotTable, id: string, live: PdfDocumentSource, clientId: string, read?: StoredSnapshot) {
    const { snapshot, logo, snapshotMd5 } = await frozen(userId, what, kind, id, live, clientId, read);
    const source = {
      ...snapshotSource(live.kind, snapshot, { status: live.status, dueDate: live.dueDate, voidReason: live.voidReason }),
      latePaymentNotice: live.latePaymentNotice,
      acceptance: live.acceptance,
      // payments and credit notes to date print below the frozen total (rendered now, keyed by the live key)
      balance: live.balance,
      payUrl: payUrlOf(payBase, live.payOn, live.payCode),
    };
    const model = buildDocumentModel({ ...snapshot.company, logo }, snapshot.client, source);
    // Rendered once per distinct model: the key changes whenever anything printed would change.
    const modelHash = pdfModelHash(model, snapshot.template);
    // Quotes print their acceptance, which the live key does not name: they never take the one-query path.
    const liveKey =
      kind === 'quote'
        ? null
        : issuedLiveKey(
            {
              snapshotMd5,
              status: live.status,
              dueDate: live.dueDate,
              voidReason: live.voidReason,
              latePaymentNotice: live.latePaymentNotice,
              balanceKey: live.balanceKey,
              payOn: live.payOn,
              payCode: live.payCode,
            },
            payBase,
          );
    const kept = await repo.issuedPdfs.stored(userId, kind, id, modelHash);
    if (kept) {
      if (liveKey !== null) await repo.issuedPdfs.keep(userId, kind, id, modelHash, kept, liveKey);
      return { fileName: model.fileName, pdf: kept };
    }
    const rendered = await pdfOf(model, snapshot.template);
    await repo.issuedPdfs.keep(userId, kind, id, modelHash, rendered.pdf, liveKey);
    return rendered;
  }

  /**
   * The one-query path: kept bytes whose live key is the document's live inputs now were
   * rendered from the same model, so they are served without reading the document, its snapshot
   * or building the model. Anything else (nothing kept, a payment, a void, a due date change)
   * takes the full path, which keeps new bytes under the new key. Bytes this process already
   * holds under the stored digest are not read again (cache/pdf-byte-cache.ts).
   */
  async function servedAsKept(documentId: string, read: (have: string | null) => Promise<KeptPdf | null>): Promise<RenderedPdf | null> {
    const k = await read(held.digestOf(documentId));
    if (!k?.kept?.liveKey || k.kept.liveKey !== issuedLiveKey(k.live, payBase)) return null;
    const pdf = k.kept.pdf ?? held.get(documentId, k.kept.digest);
    // the held bytes went while the query ran: the full path reads them
    if (!pdf) return null;
    if (k.kept.pdf) held.put(documentId, k.kept.digest, pdf);
    return { fileName: pdfFileName(k.number), pdf };
  }

  return {
    async creditNote(userId: string, id: string): Promise<RenderedPdf> {
      const fast = await servedAsKept(id, (have) => repo.issuedPdfs.keptCreditNote({ userId, id, have }));
      if (fast) return fast;
      const { cn, live } = await creditNoteSource(userId, id);
      return renderIssued(userId, 'Credit note', 'credit_note', id, live, cn.clientId);
    },
    async quote(userId: string, id: string): Promise<RenderedPdf> {
      const { q, source } = await quoteSource(userId, id);
      if (source && q && q.status !== 'DRAFT') return renderIssued(userId, 'Quote', 'quote', id, source, q.clientId);
      return render(userId, 'Quote', source, q?.clientId ?? null);
    },
    /**
     * `keptMissed`: the caller has just asked `keptInvoiceForSession` for this invoice and got
     * nothing, so the one-query path is not asked twice (a draft or a first render would pay a
     * wasted round trip); the full path answers every case. `draft`: what that query read of a
     * draft of the account, drawn as it is without reading anything again.
     */
    async invoice(userId: string, id: string, o: { keptMissed?: boolean; draft?: DraftInputs | null } = {}): Promise<RenderedPdf> {
      if (o.draft?.invoice.id === id) return draftPreview(o.draft);
      if (!o.keptMissed) {
        const fast = await servedAsKept(id, (have) => repo.issuedPdfs.keptInvoice({ userId, id, have }, londonDay(clock())));
        if (fast) return fast;
      }
      const { inv, source, company, snapshot } = await invoiceSource(userId, id);
      if (source && inv && inv.status !== 'DRAFT') return renderIssued(userId, 'Invoice', 'invoice', id, source, inv.clientId, snapshot);
      return render(userId, 'Invoice', source, inv?.clientId ?? null, company);
    },
    /**
     * An issued invoice's kept PDF for a session not yet checked: its user, token version and
     * membership are checked in the same query. null: the session is not live (authenticate then
     * refuses it). `pdf` null: not served this way (a draft, nothing kept, an engineer); the route
     * goes on with `session`, what authenticate would have read, to `invoice`, which answers every
     * other case.
     */
    async keptInvoiceForSession(
      session: SessionClaim,
      id: string,
    ): Promise<{ pdf: RenderedPdf | null; session: SessionLookup; draft: DraftInputs | null } | null> {
      let checked: SessionLookup | null = null;
      let draft: DraftInputs | null = null;
      const pdf = await servedAsKept(id, async (have) => {
        const found = await repo.issuedPdfs.keptInvoiceForSession({ session, id, have }, londonDay(clock()));
        checked = found?.session ?? null;
        draft = found?.draft ?? null;
        return found?.kept ?? null;
      });
      return checked ? { pdf, session: checked, draft } : null;
    },
    /**
     * Renders and keeps an issued document's PDF ahead of its first view (the job queued when it
     * is issued: issued-pdf-job.ts), so the first preview, download or attachment is served as kept.
     * One reverted to draft since is skipped: a draft renders on every view and keeps nothing.
     */
    async keepIssued(userId: string, kind: SnapshotTable, id: string): Promise<void> {
      if (kind === 'credit_note') {
        const { cn, live } = await creditNoteSource(userId, id);
        await renderIssued(userId, 'Credit note', 'credit_note', id, live, cn.clientId);
      } else if (kind === 'quote') {
        const { q, source } = await quoteSource(userId, id);
        if (q && source && q.status !== 'DRAFT') await renderIssued(userId, 'Quote', 'quote', id, source, q.clientId);
      } else {
        const { inv, source, snapshot } = await invoiceSource(userId, id);
        if (inv && source && inv.status !== 'DRAFT') await renderIssued(userId, 'Invoice', 'invoice', id, source, inv.clientId, snapshot);
      }
    },
    /** What an issued quote's or invoice's PDF prints of the company and client (made now if missing). */
    async issuedParties(userId: string, kind: 'quote' | 'invoice' | 'credit_note', id: string) {
      if (kind === 'credit_note') {
        const { cn, live } = await creditNoteSource(userId, id);
        return frozen(userId, 'Credit note', 'credit_note', id, live, cn.clientId);
      }
      if (kind === 'quote') {
        const { q, source } = await quoteSource(userId, id);
        if (!q || !source) throw AppError.notFound('Quote');
        return frozen(userId, 'Quote', 'quote', id, source, q.clientId);
      }
      const { inv, source, snapshot } = await invoiceSource(userId, id);
      if (!inv || !source) throw AppError.notFound('Invoice');
      return frozen(userId, 'Invoice', 'invoice', id, source, inv.clientId, snapshot);
    },
  };

  async function creditNoteSource(userId: string, id: string) {
    const cn = await repo.creditNotes.get(userId, id);
    if (!cn) throw AppError.notFound('Credit note');
    const live: PdfDocumentSource = {
      kind: 'credit_note',
      number: cn.creditNoteNumber,
      status: 'ISSUED',
      createdAt: cn.createdAt,
      taxRateBp: cn.taxRateBp,
      subtotalPence: cn.subtotalPence,
      taxPence: cn.taxPence,
      totalPence: cn.totalPence,
      lines: cn.lines,
      invoiceNumber: invoiceNumberLabel(cn.invoiceNumber),
      invoiceCreatedAt: cn.invoiceCreatedAt,
      reason: cn.reason,
    };
    return { cn, live };
  }

  async function quoteSource(userId: string, id: string) {
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
      siteAddress: q.siteAddress,
      acceptance: q.status === 'APPROVED' ? await repo.acceptance(userId, id) : null,
    };
    return { q, source };
  }

  /** What an invoice's PDF prints of the invoice; `company` as read now (the live late-payment setting). */
  function invoiceSourceOf(inv: PrintedInvoice, company: CompanyRow | null | undefined): PdfDocumentSource {
    // The late-payment statement follows the live setting: it is a notice of a right, not part of the record.
    const notice = Boolean(inv.clientIsBusiness && company?.latePaymentNotice);
    return {
      kind: 'invoice',
      number: invoiceNumberLabel(inv.invoiceNumber),
      status: inv.status,
      createdAt: inv.createdAt,
      dueDate: inv.dueDate,
      taxRateBp: inv.taxRateBp,
      subtotalPence: inv.subtotalPence,
      taxPence: inv.taxPence,
      totalPence: inv.totalPence,
      lines: inv.lines,
      siteAddress: inv.siteAddress,
      cisRateBp: inv.cisRateBp,
      fixedVat: inv.fixedVat,
      voidReason: inv.voidReason,
      latePaymentNotice: notice,
      balance:
        inv.status === 'DRAFT'
          ? null
          : {
              payments: inv.payments.map((p) => paymentEntry(p.paidOn, Number(p.amountPence))),
              credits: inv.credits.map((c) => creditEntry(c.creditNoteNumber, Number(c.totalPence))),
            },
      balanceKey: balanceKeyOf(inv.payments, inv.credits),
    };
  }

  async function invoiceSource(userId: string, id: string) {
    const inv = await repo.invoices.get(userId, id, londonDay(clock()));
    // read only for a business client (its late-payment notice); a draft's render takes it from here rather than reading it again
    const company = inv?.clientIsBusiness ? await repo.company.get(userId) : undefined;
    const source = inv && invoiceSourceOf(inv, company);
    if (!source || !inv || inv.status === 'DRAFT') return { inv, source, company, snapshot: undefined };
    // An issued invoice prints its snapshot: read alongside the pay link, two statements in one wait.
    const [state, snapshot] = await Promise.all([repo.payLinks?.state(userId, id), repo.snapshots.read(userId, 'invoice', id)]);
    if (state && repo.payLinks) {
      // docs/product.md, "Payments from the link": the QR code's short link, made the first time it is printed.
      // (the model prints it only while something is owed; a code made for a settled invoice is never shown)
      let code = state.code;
      if (state.on && payBase && !code && inv.status !== 'VOID' && inv.status !== 'PAID') code = await repo.payLinks.ensure(userId, id);
      source.payOn = state.on;
      source.payCode = code;
    }
    return { inv, source, company, snapshot };
  }
}
export type PreviewsService = ReturnType<typeof createPreviewsService>;
