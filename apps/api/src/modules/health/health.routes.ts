import { ZHealth } from '@docket/schemas/common';
import type { DatabaseKind } from '../../db/client.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import type { HealthRepository } from './health.repository.ts';

/** GET /health: open to all, before the rate limiter; answers only once the database answers. */
export function healthRoutes(repo: HealthRepository, dbKind: DatabaseKind): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      auth: 'public',
      stage: 'health',
      response: ZHealth,
      handler: async () => {
        await repo.ping();
        return { status: 'ok', database: dbKind };
      },
    }),
  ];
}
