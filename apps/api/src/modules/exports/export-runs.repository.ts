import { and, desc, eq } from 'drizzle-orm';
import { EXPORT_RUNS_SHOWN, type TExportRun } from '@docket/schemas/data-transfer';
import type { Database } from '../../db/client.ts';
import { exportRuns, users } from '../../db/schema.ts';
import { actorOf } from '../../lib/actor.ts';
import { currentActor } from '../../lib/request-context.ts';

/** Who downloaded which export (docs/product.md, "Accounts and roles"): one row per download. */
export function createExportRunsRepository(db: Database) {
  return {
    async record(accountId: string, file: TExportRun['file'], range: { from?: string; to?: string }) {
      await db.insert(exportRuns).values({ userId: accountId, file, fromDay: range.from ?? null, toDay: range.to ?? null, actorUserId: currentActor() });
    },
    async latest(accountId: string): Promise<TExportRun[]> {
      const rows = await db
        .select({ run: exportRuns, email: users.email, name: users.name })
        .from(exportRuns)
        .leftJoin(users, eq(users.id, exportRuns.actorUserId))
        .where(and(eq(exportRuns.userId, accountId)))
        .orderBy(desc(exportRuns.createdAt), desc(exportRuns.id))
        .limit(EXPORT_RUNS_SHOWN);
      return rows.map(({ run, email, name }) => ({
        id: run.id,
        file: run.file as TExportRun['file'],
        from: run.fromDay,
        to: run.toDay,
        createdAt: run.createdAt.toISOString(),
        ...actorOf(run.actorUserId, email, name),
      }));
    },
  };
}
export type ExportRunsRepository = ReturnType<typeof createExportRunsRepository>;
