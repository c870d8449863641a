import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { TLineKind, TVatCode } from '@docket/schemas/vat';
import type { Database } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';
import { likePattern } from '../../lib/pagination.ts';

export type ItemRow = typeof items.$inferSelect;
export interface ItemFields {
  name: string;
  description: string;
  pricePence: number;
  vat: TVatCode | null;
  kind: TLineKind | null;
  unit: string | null;
}

export function createItemsRepository(db: Database) {
  const own = (userId: string, id: string) => and(eq(items.userId, userId), eq(items.id, id));
  return {
    list(userId: string, o: { limit?: number; cursor?: string; q?: string } = {}) {
      const query = db
        .select()
        .from(items)
        .where(
          and(
            eq(items.userId, userId),
            afterCursor(o.cursor, items.createdAt, items.id),
            o.q ? or(ilike(items.name, likePattern(o.q)), ilike(items.description, likePattern(o.q))) : undefined,
          ),
        )
        .orderBy(...newestFirst(items.createdAt, items.id));
      return o.limit ? query.limit(o.limit + 1) : query;
    },
    async get(userId: string, id: string) {
      const [row] = await db.select().from(items).where(own(userId, id)).limit(1);
      return row ?? null;
    },
    async create(userId: string, fields: ItemFields) {
      const [row] = await db
        .insert(items)
        .values({ userId, ...fields })
        .returning();
      return row!;
    },
    async update(userId: string, id: string, fields: ItemFields) {
      const [row] = await db
        .update(items)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(own(userId, id))
        .returning();
      return row ?? null;
    },
    async remove(userId: string, id: string) {
      const rows = await db.delete(items).where(own(userId, id)).returning({ id: items.id });
      return rows.length > 0;
    },
  };
}
export type ItemsRepository = ReturnType<typeof createItemsRepository>;
