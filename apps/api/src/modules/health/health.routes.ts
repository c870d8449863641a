import { Router } from 'express';
import type { DatabaseKind } from '../../db/client.ts';
import { sendData } from '../../lib/respond.ts';
import type { HealthRepository } from './health.repository.ts';

/** GET /health: open to all, answers only once the database answers. */
export function healthRoutes(repo: HealthRepository, dbKind: DatabaseKind) {
  const router = Router();
  router.get('/health', async (_req, res) => {
    await repo.ping();
    sendData(res, { status: 'ok', database: dbKind });
  });
  return router;
}
