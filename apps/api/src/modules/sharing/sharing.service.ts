import { invoiceNumberLabel } from '@docket/schemas/document';
import { createHash, randomBytes } from 'node:crypto';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { TCreditNote } from '@docket/schemas/credit-note';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_TOKEN_BYTES,
  ZPayCode,
  ZShareToken,
  type TAcceptance,
  type TAcceptRequest,
  type TPublicDocument,
  type TShareLink,
} from '@docket/schemas/share';
import type { TPublicDeposit, TPublicOnlinePayment } from '@docket/schemas/online-payment';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { normaliseSignatureDataUrl } from '../../lib/image.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { NotificationsRepository } from '../notifications/notifications.repository.ts';
import type { RenderedPdf } from '../previews/previews.service.ts';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';
import type { LiveLink, SharedKind, SharingRepository } from './sharing.repository.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { LinkRevoker } from '../documents/link-revoker.ts';
import { toAcceptanceDto, toPublicDocument, type SharedDocument } from './public-document.ts';

export interface SharingDeps {
  clock: Clock;
  /** link lifetime in days (config) */
  linkDays?: number;
  history: HistoryRepository;
  notifications: NotificationsRepository;
  quote: (userId: string, id: string) => Promise<TQuote>;
  invoice: (userId: string, id: string) => Promise<TInvoice>;
  creditNote: (userId: string, id: string) => Promise<TCreditNote>;
  /** DRAFT -> SENT: sharing a draft issues it */
  sendQuote: (userId: string, id: string) => Promise<unknown>;
  sendInvoice: (userId: string, id: string) => Promise<unknown>;
  parties: (userId: string, kind: SharedKind, id: string) => Promise<{ snapshot: DocumentSnapshot; logo: Buffer | null }>;
  quotePdf: (userId: string, id: string) => Promise<RenderedPdf>;
  invoicePdf: (userId: string, id: string) => Promise<RenderedPdf>;
  creditNotePdf: (userId: string, id: string) => Promise<RenderedPdf>;
  /** Pay now on an invoice's page (docs/product.md, "Payments from the link"); absent or null = bank details only */
  onlineOffer?: (userId: string, invoice: TInvoice) => Promise<TPublicOnlinePayment | null>;
  /** a quote's deposit on its page, and the deposit invoice made when it is accepted */
  depositOffer?: (userId: string, quoteId: string, status: string) => Promise<TPublicDeposit | null>;
  onAccepted?: (userId: string, quoteId: string) => Promise<void>;
}

/** Who answered, as the request showed them (kept with the acceptance record, never logged). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () => new AppError('NOT_FOUND', SHARE_MESSAGES.linkInvalid);
const notAnswerable = (status: string) =>
  AppError.conflict(status === 'APPROVED' ? SHARE_MESSAGES.alreadyAccepted : status === 'DECLINED' ? SHARE_MESSAGES.alreadyDeclined : SHARE_MESSAGES.notOpen);
const LABEL: Record<SharedKind, string> = { quote: 'Quote', invoice: 'Invoice', credit_note: 'Credit note' };

/**
 * A link is given to one customer: once the document names another client, the old link would
 * show the new client's document to the first one (docs/product.md, "Client links").
 */
export function createClientChangeRevoker(repo: SharingRepository, history: HistoryRepository): LinkRevoker {
  const run = async (tx: Tx, userId: string, kind: SharedKind, id: string) => {
    if (await repo.revoke(tx, userId, kind, id)) await history.append(tx, userId, kind, id, 'link revoked', 'Client link revoked: the client changed');
  };
  return (tx, userId, kind, id) => (tx ? run(tx, userId, kind, id) : repo.transaction((t) => run(t, userId, kind, id)));
}

/**
 * Client links (docs/product.md, "Client links"). Every way a token can fail (malformed, unknown,
 * revoked, expired, its document gone or back to draft) answers the same 404, so nothing tells
 * them apart.
 */
export function createSharingService(repo: SharingRepository, deps: SharingDeps) {
  const days = deps.linkDays ?? SHARE_LINK_DEFAULT_DAYS;
  const load = async (userId: string, kind: SharedKind, id: string): Promise<SharedDocument> =>
    kind === 'quote'
      ? { kind, doc: await deps.quote(userId, id) }
      : kind === 'invoice'
        ? { kind, doc: await deps.invoice(userId, id) }
        : { kind, doc: await deps.creditNote(userId, id) };
  const numberOf = (s: SharedDocument) =>
    s.kind === 'quote' ? s.doc.quoteNumber : s.kind === 'invoice' ? invoiceNumberLabel(s.doc.invoiceNumber) : s.doc.creditNoteNumber;
  const statusOf = (s: SharedDocument) => (s.kind === 'credit_note' ? 'ISSUED' : s.doc.status);
  /** A credit note is issued when it is made: it has no draft. */
  const isDraft = (s: SharedDocument) => s.kind !== 'credit_note' && s.doc.status === 'DRAFT';

  /** The live link and its document, or the one 404. */
  const resolveLink = async (token: string) =>
    ZShareToken.safeParse(token).success
      ? await repo.resolve(hashToken(token), deps.clock())
      : ZPayCode.safeParse(token).success
        ? await repo.resolvePayCode(token)
        : null;
  async function open(token: string, only?: SharedKind): Promise<{ link: LiveLink; shared: SharedDocument }> {
    const link = await resolveLink(token);
    if (!link || (only && link.kind !== only)) throw invalidLink();
    const shared = await load(link.userId, link.kind, link.documentId).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) throw invalidLink();
      throw err;
    });
    if (isDraft(shared)) throw invalidLink();
    return { link, shared };
  }

  /**
   * What a link shows is read in several statements (the document, its parties, the PDF), so the
   * link is checked again after the last of them: a change of client revokes the link in the edit's
   * own transaction, so a read that saw the new client is followed by a check that sees the
   * revocation (docs/reliability.md, "Agreed records"). Without it, a view that resolved the link
   * just before the edit committed could print the new client's name through the old link.
   */
  async function stillLive<T>(token: string, shown: T): Promise<T> {
    if (!(await resolveLink(token))) throw invalidLink();
    return shown;
  }

  /** The first view of a link goes into the history and tells the business, once. */
  async function noteView(link: LiveLink, shared: SharedDocument) {
    await repo.transaction(async (tx) => {
      if (link.id === null || !(await repo.markFirstView(tx, link.id))) return;
      await deps.history.append(tx, link.userId, link.kind, link.documentId, 'viewed', 'Viewed by the client');
      await deps.notifications.add(tx, link.userId, {
        kind: 'viewed',
        document: { kind: link.kind, id: link.documentId, number: numberOf(shared) },
        summary: `${LABEL[link.kind]} ${numberOf(shared)} was viewed by ${clientName(shared)}`,
      });
    });
  }
  const clientName = (s: SharedDocument) => s.doc.client.name;

  async function acceptanceOf(userId: string, quoteId: string): Promise<TAcceptance | null> {
    const a = await repo.acceptance(userId, quoteId);
    return a && toAcceptanceDto(a);
  }

  async function publicView(link: LiveLink, shared: SharedDocument): Promise<TPublicDocument> {
    const parties = await deps.parties(link.userId, link.kind, link.documentId);
    const acceptance = shared.kind === 'quote' && shared.doc.status === 'APPROVED' ? await acceptanceOf(link.userId, link.documentId) : null;
    const page = toPublicDocument(shared, parties, acceptance, link.revision);
    if (shared.kind === 'invoice' && deps.onlineOffer) page.onlinePayment = await deps.onlineOffer(link.userId, shared.doc);
    if (shared.kind === 'quote' && deps.depositOffer) page.deposit = await deps.depositOffer(link.userId, link.documentId, shared.doc.status);
    return page;
  }

  /** SENT -> APPROVED or DECLINED through the link; the loser of a race, or a later try, hears why not. */
  async function answer(
    token: string,
    to: 'APPROVED' | 'DECLINED',
    record: Parameters<SharingRepository['recordResponse']>[4],
    summary: string,
    version?: number,
  ) {
    const { link, shared } = await open(token, 'quote');
    const { userId, documentId } = link;
    const done = await repo.transaction(async (tx) => {
      const revision = await repo.answerQuote(tx, userId, documentId, to, version);
      if (revision === null) return false;
      await repo.recordResponse(tx, userId, documentId, revision, record);
      await deps.history.append(tx, userId, 'quote', documentId, to === 'APPROVED' ? 'accepted' : 'declined', summary);
      await deps.notifications.add(tx, userId, {
        kind: to === 'APPROVED' ? 'accepted' : 'declined',
        document: { kind: 'quote', id: documentId, number: numberOf(shared) },
        summary: `Quote ${numberOf(shared)}: ${summary}`,
      });
      return true;
    });
    if (done && to === 'APPROVED') await deps.onAccepted?.(userId, documentId);
    const now = await load(userId, 'quote', documentId);
    const status = statusOf(now);
    if (!done) {
      // Still open but not refused for its status: the customer saw an older version of it.
      if (status === 'SENT') throw AppError.conflict(SHARE_MESSAGES.changed);
      throw notAnswerable(status);
    }
    return publicView(link, now);
  }

  return {
    async share(userId: string, kind: SharedKind, id: string, origin: string): Promise<TShareLink> {
      const shared = await load(userId, kind, id);
      if (shared.kind === 'invoice' && shared.doc.status === 'VOID') throw AppError.conflict(SHARE_MESSAGES.notShareable);
      if (isDraft(shared)) await (kind === 'quote' ? deps.sendQuote(userId, id) : deps.sendInvoice(userId, id));
      const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
      const expiresAt = new Date(deps.clock().getTime() + days * 86_400_000);
      await repo.transaction(async (tx) => {
        await repo.replace(tx, userId, kind, id, hashToken(token), expiresAt);
        await deps.history.append(tx, userId, kind, id, 'shared', 'Client link created');
      });
      return { url: `${origin}/p/${token}`, expiresAt: expiresAt.toISOString() };
    },
    async revoke(userId: string, kind: SharedKind, id: string): Promise<{ revoked: boolean }> {
      await load(userId, kind, id);
      const revoked = await repo.transaction(async (tx) => {
        const gone = await repo.revoke(tx, userId, kind, id);
        if (gone) await deps.history.append(tx, userId, kind, id, 'link revoked', 'Client link revoked');
        return gone;
      });
      return { revoked };
    },
    /** The business's own view of a quote's acceptance (name, time, signature). */
    async acceptance(userId: string, quoteId: string): Promise<TAcceptance | null> {
      const q = await deps.quote(userId, quoteId);
      return q.status === 'APPROVED' ? acceptanceOf(userId, quoteId) : null;
    },

    /** Refuses a token that opens nothing (404), then a quote that is no longer open (409), before its body is even read. */
    async checkAnswerable(token: string): Promise<void> {
      const { shared } = await open(token, 'quote');
      const status = statusOf(shared);
      if (status !== 'SENT') throw notAnswerable(status);
    },
    /** The invoice a live link opens (Pay now), or the same 404 as every dead link. */
    async openInvoice(token: string): Promise<{ userId: string; invoice: TInvoice }> {
      const { link, shared } = await open(token, 'invoice');
      if (shared.kind !== 'invoice') throw invalidLink();
      return { userId: link.userId, invoice: shared.doc };
    },
    /** The quote a live link opens (Pay deposit), or the same 404 as every dead link. */
    async openQuote(token: string): Promise<{ userId: string; quoteId: string; status: string }> {
      const { link, shared } = await open(token, 'quote');
      return { userId: link.userId, quoteId: link.documentId, status: statusOf(shared) };
    },
    async document(token: string): Promise<TPublicDocument> {
      const { link, shared } = await open(token);
      await noteView(link, shared);
      return stillLive(token, await publicView(link, shared));
    },
    async pdf(token: string): Promise<RenderedPdf> {
      const { link, shared } = await open(token);
      await noteView(link, shared);
      if (link.kind === 'credit_note') return stillLive(token, await deps.creditNotePdf(link.userId, link.documentId));
      return stillLive(token, await (link.kind === 'quote' ? deps.quotePdf(link.userId, link.documentId) : deps.invoicePdf(link.userId, link.documentId)));
    },
    async accept(token: string, input: TAcceptRequest, meta: RequestMeta): Promise<TPublicDocument> {
      const signature = input.signature ? await normaliseSignatureDataUrl(input.signature) : null;
      return answer(
        token,
        'APPROVED',
        { decision: 'accepted', name: input.name, reason: null, signature, ...meta },
        `Accepted by ${input.name}`,
        input.version,
      );
    },
    async decline(token: string, reason: string | null | undefined, meta: RequestMeta): Promise<TPublicDocument> {
      return answer(
        token,
        'DECLINED',
        { decision: 'declined', name: null, reason: reason ?? null, signature: null, ...meta },
        `Declined by the client${reason ? `: ${reason}` : ''}`,
      );
    },
  };
}
export type SharingService = ReturnType<typeof createSharingService>;
