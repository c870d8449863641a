import type { RequestHandler } from 'express';
import { ZDashboard } from '@docket/schemas/dashboard';
import { defineRoute, type Route } from '../../http/route.ts';
import type { DashboardService } from './dashboard.service.ts';

/** GET /dashboard; `first` answers a kept dashboard before the session check. */
export function dashboardRoutes(service: DashboardService, first: RequestHandler[] = []): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/dashboard',
      permission: 'read',
      before: first,
      response: ZDashboard,
      handler: ({ accountId }) => service.get(accountId),
    }),
  ];
}
