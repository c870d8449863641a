import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export function createHealthRepository(db: Database) {
  return {
    /** Resolves once the database answers a trivial query; throws (500) when it cannot. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
