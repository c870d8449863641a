import { and, asc, count, eq } from 'drizzle-orm';
import type { TExpenseCategory, TExpenseVat } from '@docket/schemas/expense';
import type { Database } from '../../db/client.ts';
import { bankRules } from '../../db/schema.ts';

export type BankRuleRow = typeof bankRules.$inferSelect;
export interface BankRuleFields {
  matchText: string;
  amountPence: number | null;
  supplier: string;
  category: TExpenseCategory;
  vat: TExpenseVat;
}

/** Saved rules (docs/product.md, "Rules"), oldest first: the first that matches a line wins. */
export function createBankRulesRepository(db: Database) {
  return {
    list(userId: string): Promise<BankRuleRow[]> {
      return db.select().from(bankRules).where(eq(bankRules.userId, userId)).orderBy(asc(bankRules.createdAt), asc(bankRules.id));
    },
    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(bankRules).where(eq(bankRules.userId, userId));
      return Number(row?.n ?? 0);
    },
    async get(userId: string, id: string): Promise<BankRuleRow | null> {
      const [row] = await db
        .select()
        .from(bankRules)
        .where(and(eq(bankRules.userId, userId), eq(bankRules.id, id)))
        .limit(1);
      return row ?? null;
    },
    async create(userId: string, f: BankRuleFields): Promise<BankRuleRow> {
      const [row] = await db
        .insert(bankRules)
        .values({ userId, ...f })
        .returning();
      return row!;
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(bankRules)
        .where(and(eq(bankRules.userId, userId), eq(bankRules.id, id)))
        .returning({ id: bankRules.id });
      return rows.length > 0;
    },
  };
}
export type BankRulesRepository = ReturnType<typeof createBankRulesRepository>;
