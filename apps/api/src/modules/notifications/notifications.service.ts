import type { TNotification, TNotificationKind, TNotificationList } from '@docket/schemas/share';
import { toPage } from '../../lib/pagination.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

type Row = Awaited<ReturnType<NotificationsRepository['list']>>[number];

const toDto = (r: Row): TNotification => ({
  id: r.id,
  kind: r.kind as TNotificationKind,
  documentKind: r.quoteId ? 'quote' : r.invoiceId ? 'invoice' : 'credit_note',
  documentId: (r.quoteId ?? r.invoiceId ?? r.creditNoteId)!,
  documentNumber: r.documentNumber,
  summary: r.summary,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

/** The bell: newest first, paged, with the unread count. */
export function createNotificationsService(repo: NotificationsRepository) {
  return {
    async list(userId: string, q: { limit?: number; cursor?: string }): Promise<TNotificationList> {
      const limit = q.limit ?? 20;
      const page = toPage(await repo.list(userId, limit, q.cursor), limit, toDto);
      return { ...page, unread: await repo.unread(userId) };
    },
    async markRead(userId: string, ids: string[] | undefined): Promise<{ unread: number }> {
      await repo.markRead(userId, ids);
      return { unread: await repo.unread(userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
