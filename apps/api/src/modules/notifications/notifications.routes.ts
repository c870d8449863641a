import { ZNotificationList, ZNotificationsQuery, ZNotificationsRead, ZNotificationsReadAnswer } from '@docket/schemas/share';
import { defineRoute, type Route } from '../../http/route.ts';
import type { NotificationsService } from './notifications.service.ts';

/** GET /notifications (newest first, paged) and POST /notifications/read {ids?} (none: all). */
export function notificationsRoutes(service: NotificationsService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/notifications',
      permission: 'read',
      request: { query: ZNotificationsQuery },
      response: ZNotificationList,
      handler: ({ accountId, query }) => service.list(accountId, query),
    }),
    defineRoute({
      method: 'post',
      path: '/notifications/read',
      permission: 'write',
      request: { body: ZNotificationsRead },
      response: ZNotificationsReadAnswer,
      handler: ({ accountId, body }) => service.markRead(accountId, body.ids),
    }),
  ];
}
