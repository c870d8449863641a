import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TCsvMapping } from '@docket/schemas/bank';
import type { Database } from '../../db/client.ts';
import { bankAccounts, bankLines } from '../../db/schema.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect & { lines: number; unexplained: number };
export type BankLineRow = typeof bankLines.$inferSelect;
export interface NewBankLine {
  date: string;
  amountPence: number;
  description: string;
  balancePence: number | null;
  bankTransactionId: string | null;
  fingerprint: string;
}

export function createBankRepository(db: Database) {
  // Written out in full: inside a select from one table drizzle names its columns unqualified, and
  // a bare "id" in the subquery would be the line's own id (every count was 0).
  const counts = {
    lines: sql<number>`(select count(*) from "bank_lines" bl where bl."bank_account_id" = "bank_accounts"."id")`.mapWith(Number),
    unexplained: sql<number>`(select count(*) from "bank_lines" bl where bl."bank_account_id" = "bank_accounts"."id" and bl."explained_at" is null)`.mapWith(
      Number,
    ),
  };

  return {
    db,
    /** What the explanation made, once it is made (the line is already claimed). */
    async setExplanation(userId: string, id: string, explanation: Record<string, unknown>) {
      await db
        .update(bankLines)
        .set({ explanation })
        .where(and(eq(bankLines.userId, userId), eq(bankLines.id, id)));
    },
    list(userId: string): Promise<BankAccountRow[]> {
      return db
        .select({ ...getColumns(), ...counts })
        .from(bankAccounts)
        .where(eq(bankAccounts.userId, userId))
        .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
    },
    async get(userId: string, id: string): Promise<BankAccountRow | null> {
      const [row] = await db
        .select({ ...getColumns(), ...counts })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id)))
        .limit(1);
      return row ?? null;
    },
    async setMapping(userId: string, id: string, csvMapping: TCsvMapping | null) {
      const rows = await db
        .update(bankAccounts)
        .set({ csvMapping })
        .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id)))
        .returning({ id: bankAccounts.id });
      return rows.length > 0;
    },
    async create(userId: string, f: { name: string; sortCode: string | null; accountNumber: string | null; csvMapping: TCsvMapping | null }) {
      const [row] = await db
        .insert(bankAccounts)
        .values({ userId, ...f })
        .returning({ id: bankAccounts.id });
      return row!.id;
    },
    /**
     * Every line of one statement in one transaction: those whose fingerprint the account already
     * has are counted as duplicates, never written twice.
     */
    async importLines(userId: string, bankAccountId: string, lines: NewBankLine[]): Promise<{ imported: number; duplicates: number; added: BankLineRow[] }> {
      return db.transaction(async (tx) => {
        const added: BankLineRow[] = [];
        for (let i = 0; i < lines.length; i += 500) {
          const rows = await tx
            .insert(bankLines)
            .values(lines.slice(i, i + 500).map((l) => ({ userId, bankAccountId, ...l })))
            .onConflictDoNothing({ target: [bankLines.bankAccountId, bankLines.fingerprint] })
            .returning();
          added.push(...rows);
        }
        return { imported: added.length, duplicates: lines.length - added.length, added };
      });
    },
    async line(userId: string, id: string): Promise<BankLineRow | null> {
      const [row] = await db
        .select()
        .from(bankLines)
        .where(and(eq(bankLines.userId, userId), eq(bankLines.id, id)))
        .limit(1);
      return row ?? null;
    },
    /** Marks an unexplained line; false when it was explained meanwhile (so a line is explained once). */
    async markExplained(exec: Pick<Database, 'update'>, userId: string, id: string, type: string, explanation: Record<string, unknown>) {
      const rows = await exec
        .update(bankLines)
        .set({ explainedType: type, explanation, explainedAt: sql`now()` })
        .where(and(eq(bankLines.userId, userId), eq(bankLines.id, id), isNull(bankLines.explainedAt)))
        .returning({ id: bankLines.id });
      return rows.length > 0;
    },
    async clearExplanation(exec: Pick<Database, 'update'>, userId: string, id: string) {
      const rows = await exec
        .update(bankLines)
        .set({ explainedType: null, explanation: null, explainedAt: null })
        .where(and(eq(bankLines.userId, userId), eq(bankLines.id, id), isNotNull(bankLines.explainedAt)))
        .returning({ id: bankLines.id });
      return rows.length > 0;
    },
    lines(userId: string, bankAccountId: string, status?: 'unexplained' | 'explained'): Promise<BankLineRow[]> {
      return db
        .select()
        .from(bankLines)
        .where(
          and(
            eq(bankLines.userId, userId),
            eq(bankLines.bankAccountId, bankAccountId),
            status === 'unexplained' ? isNull(bankLines.explainedAt) : status === 'explained' ? isNotNull(bankLines.explainedAt) : undefined,
          ),
        )
        .orderBy(asc(bankLines.date), asc(bankLines.createdAt), asc(bankLines.id));
    },
  };
}
export type BankRepository = ReturnType<typeof createBankRepository>;

function getColumns() {
  return {
    id: bankAccounts.id,
    userId: bankAccounts.userId,
    name: bankAccounts.name,
    sortCode: bankAccounts.sortCode,
    accountNumber: bankAccounts.accountNumber,
    csvMapping: bankAccounts.csvMapping,
    createdAt: bankAccounts.createdAt,
    updatedAt: bankAccounts.updatedAt,
  };
}
