import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyFields = Omit<typeof companies.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'logo' | 'logoMimeType' | 'logoNormalised'>;

export function createCompanyRepository(db: Database) {
  // Read by most documents' paths (PDFs, new documents' defaults, emails): its SQL built once, not per call.
  const byAccount = db
    .select()
    .from(companies)
    .where(eq(companies.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('company_by_account');
  return {
    async get(userId: string) {
      const [row] = await byAccount.execute({ userId });
      return row ?? null;
    },
    /** null when the user already has a profile (one per user, enforced by a unique index). */
    async create(userId: string, fields: CompanyFields) {
      const [row] = await db
        .insert(companies)
        .values({ userId, ...fields })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    async update(userId: string, fields: Partial<CompanyFields> & { logo?: Buffer | null; logoMimeType?: string | null; logoNormalised?: boolean }) {
      const [row] = await db
        .update(companies)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(companies.userId, userId))
        .returning();
      return row ?? null;
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
