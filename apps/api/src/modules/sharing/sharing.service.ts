import { createHash, randomBytes } from 'node:crypto';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_TOKEN_BYTES,
  ZShareToken,
  type TAcceptance,
  type TAcceptRequest,
  type TPublicDocument,
  type TShareLink,
} from '@docket/schemas/share';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { normaliseSignatureDataUrl } from '../../lib/image.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { NotificationsRepository } from '../notifications/notifications.repository.ts';
import type { RenderedPdf } from '../previews/previews.service.ts';
import type { DocumentSnapshot } from '../snapshots/document-snapshot.ts';
import type { LiveLink, SharedKind, SharingRepository } from './sharing.repository.ts';
import { toAcceptanceDto, toPublicDocument, type SharedDocument } from './public-document.ts';

export interface SharingDeps {
  clock: Clock;
  /** link lifetime in days (config) */
  linkDays?: number;
  history: HistoryRepository;
  notifications: NotificationsRepository;
  quote: (userId: string, id: string) => Promise<TQuote>;
  invoice: (userId: string, id: string) => Promise<TInvoice>;
  /** DRAFT -> SENT: sharing a draft issues it */
  sendQuote: (userId: string, id: string) => Promise<unknown>;
  sendInvoice: (userId: string, id: string) => Promise<unknown>;
  parties: (userId: string, kind: SharedKind, id: string) => Promise<{ snapshot: DocumentSnapshot; logo: Buffer | null }>;
  quotePdf: (userId: string, id: string) => Promise<RenderedPdf>;
  invoicePdf: (userId: string, id: string) => Promise<RenderedPdf>;
}

/** Who answered, as the request showed them (kept with the acceptance record, never logged). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () => new AppError('NOT_FOUND', SHARE_MESSAGES.linkInvalid);
const LABEL: Record<SharedKind, string> = { quote: 'Quote', invoice: 'Invoice' };

/**
 * Client links (docs/product.md, "Client links"). Every way a token can fail (malformed, unknown,
 * revoked, expired, its document gone or back to draft) answers the same 404, so nothing tells
 * them apart.
 */
export function createSharingService(repo: SharingRepository, deps: SharingDeps) {
  const days = deps.linkDays ?? SHARE_LINK_DEFAULT_DAYS;
  const load = async (userId: string, kind: SharedKind, id: string): Promise<SharedDocument> =>
    kind === 'quote' ? { kind, doc: await deps.quote(userId, id) } : { kind, doc: await deps.invoice(userId, id) };
  const numberOf = (s: SharedDocument) => (s.kind === 'quote' ? s.doc.quoteNumber : s.doc.invoiceNumber);

  /** The live link and its document, or the one 404. */
  async function open(token: string, only?: SharedKind): Promise<{ link: LiveLink; shared: SharedDocument }> {
    if (!ZShareToken.safeParse(token).success) throw invalidLink();
    const link = await repo.resolve(hashToken(token), deps.clock());
    if (!link || (only && link.kind !== only)) throw invalidLink();
    const shared = await load(link.userId, link.kind, link.documentId).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) throw invalidLink();
      throw err;
    });
    if (shared.doc.status === 'DRAFT') throw invalidLink();
    return { link, shared };
  }

  /** The first view of a link goes into the history and tells the business, once. */
  async function noteView(link: LiveLink, shared: SharedDocument) {
    await repo.transaction(async (tx) => {
      if (!(await repo.markFirstView(tx, link.id))) return;
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
    return toPublicDocument(shared, parties, acceptance);
  }

  /** SENT -> APPROVED or DECLINED through the link; the loser of a race, or a later try, hears why not. */
  async function answer(token: string, to: 'APPROVED' | 'DECLINED', record: Parameters<SharingRepository['recordResponse']>[3], summary: string) {
    const { link, shared } = await open(token, 'quote');
    const { userId, documentId } = link;
    const done = await repo.transaction(async (tx) => {
      if (!(await repo.answerQuote(tx, userId, documentId, to))) return false;
      await repo.recordResponse(tx, userId, documentId, record);
      await deps.history.append(tx, userId, 'quote', documentId, to === 'APPROVED' ? 'accepted' : 'declined', summary);
      await deps.notifications.add(tx, userId, {
        kind: to === 'APPROVED' ? 'accepted' : 'declined',
        document: { kind: 'quote', id: documentId, number: numberOf(shared) },
        summary: `Quote ${numberOf(shared)}: ${summary}`,
      });
      return true;
    });
    const now = await load(userId, 'quote', documentId);
    if (!done) {
      const status = now.doc.status;
      throw AppError.conflict(status === 'APPROVED' ? SHARE_MESSAGES.alreadyAccepted : status === 'DECLINED' ? SHARE_MESSAGES.alreadyDeclined : SHARE_MESSAGES.notOpen);
    }
    return publicView(link, now);
  }

  return {
    async share(userId: string, kind: SharedKind, id: string, origin: string): Promise<TShareLink> {
      const shared = await load(userId, kind, id);
      if (shared.kind === 'invoice' && shared.doc.status === 'VOID') throw AppError.conflict(SHARE_MESSAGES.notShareable);
      if (shared.doc.status === 'DRAFT') await (kind === 'quote' ? deps.sendQuote(userId, id) : deps.sendInvoice(userId, id));
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

    /** Refuses a token that opens nothing (before its body is even read). */
    async check(token: string, only?: SharedKind): Promise<void> {
      await open(token, only);
    },
    async document(token: string): Promise<TPublicDocument> {
      const { link, shared } = await open(token);
      await noteView(link, shared);
      return publicView(link, shared);
    },
    async pdf(token: string): Promise<RenderedPdf> {
      const { link, shared } = await open(token);
      await noteView(link, shared);
      return link.kind === 'quote' ? deps.quotePdf(link.userId, link.documentId) : deps.invoicePdf(link.userId, link.documentId);
    },
    async accept(token: string, input: TAcceptRequest, meta: RequestMeta): Promise<TPublicDocument> {
      const signature = input.signature ? await normaliseSignatureDataUrl(input.signature) : null;
      return answer(token, 'APPROVED', { decision: 'accepted', name: input.name, reason: null, signature, ...meta }, `Accepted by ${input.name}`);
    },
    async decline(token: string, reason: string | null | undefined, meta: RequestMeta): Promise<TPublicDocument> {
      return answer(token, 'DECLINED', { decision: 'declined', name: null, reason: reason ?? null, signature: null, ...meta }, `Declined by the client${reason ? `: ${reason}` : ''}`);
    },
  };
}
export type SharingService = ReturnType<typeof createSharingService>;
