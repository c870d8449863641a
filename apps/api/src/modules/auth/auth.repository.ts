import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';

export function createAuthRepository(db: Database) {
  // Every authenticated request looks its user up (a deleted user is refused at once, so no
  // cache): prepared once instead of rebuilding the SQL per request.
  const byId = db
    .select({ id: users.id, email: users.email, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      return row ?? null;
    },
    async findById(id: string) {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },
    /** One reset token per request; older unused ones for the user stop working. */
    async createResetToken(userId: string, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
      });
    },
    /**
     * Use a token: in one transaction mark it used (only if unused and unexpired), set the new
     * hash and raise the token version. null = invalid, expired or used.
     */
    async consumeResetToken(tokenHash: string, now: Date, passwordHash: string): Promise<{ id: string; email: string; tokenVersion: number } | null> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
          .returning({ userId: passwordResetTokens.userId });
        if (!token) return null;
        const [user] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
          .where(eq(users.id, token.userId))
          .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
        return user ?? null;
      });
    },
    /** null when the email is taken (the unique index decides, so racing sign-ups are safe). */
    async create(email: string, passwordHash: string) {
      const [row] = await db
        .insert(users)
        .values({ email, passwordHash })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email });
      return row ?? null;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
